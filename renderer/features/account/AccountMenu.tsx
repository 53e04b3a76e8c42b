/** Header part for a signed-in user: who, for which account, and Sign out (warning first while changes wait to sync). */
import { lazy, Suspense, useState } from 'react';
import { useAuthStore } from '../../stores/auth-store';
import { useOutboxStore } from '../../stores/outbox-store';
import './account.css';

// react-aria stays out of the JS the first paint needs: the warning loads when it is first shown.
const SignOutWarning = lazy(() => import('./SignOutWarning').then((m) => ({ default: m.SignOutWarning })));

/** "Maria Lopez — acting for Lakeside Dental" and a Sign out button. */
export function AccountMenu() {
  const status = useAuthStore((s) => s.status);
  const signOut = useAuthStore((s) => s.signOut);
  const busy = useAuthStore((s) => s.busy);
  const waiting = useOutboxStore((s) => s.summary.queued + s.summary.needsAttention);
  const [asking, setAsking] = useState(false);
  if (status?.state !== 'signed_in') return null;
  const name = status.user?.name ?? 'Signed in';
  return (
    <div className="account" data-testid="account">
      <span className="account-name" title={status.user?.email}>
        {name}
        {status.actingFor && <span className="account-acting"> — acting for {status.actingFor.name}</span>}
      </span>
      <button
        type="button"
        className="link-button"
        disabled={busy}
        onClick={() => (waiting > 0 ? setAsking(true) : void signOut())}
      >
        Sign out
      </button>
      {asking && (
        <Suspense fallback={null}>
          <SignOutWarning waiting={waiting} onClose={() => setAsking(false)} onSignOut={() => void signOut()} />
        </Suspense>
      )}
    </div>
  );
}
