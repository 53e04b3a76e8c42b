/** Header part for a signed-in user: who, for which account, and Sign out. */
import { useAuthStore } from '../../stores/auth-store';

/** "Maria Lopez — acting for Lakeside Dental" and a Sign out button. */
export function AccountMenu() {
  const status = useAuthStore((s) => s.status);
  const signOut = useAuthStore((s) => s.signOut);
  const busy = useAuthStore((s) => s.busy);
  if (status?.state !== 'signed_in') return null;
  const name = status.user?.name ?? 'Signed in';
  return (
    <div className="account" data-testid="account">
      <span className="account-name" title={status.user?.email}>
        {name}
        {status.actingFor && <span className="account-acting"> — acting for {status.actingFor.name}</span>}
      </span>
      <button type="button" className="link-button" disabled={busy} onClick={() => void signOut()}>
        Sign out
      </button>
    </div>
  );
}
