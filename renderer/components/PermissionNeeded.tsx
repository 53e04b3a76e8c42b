/** "Frontdesk needs permission to …" with a button that re-authorizes for the missing scope. */
import { useAuthStore } from '../stores/auth-store';

/** Shown where a view hit a 403 insufficient_scope. */
export function PermissionNeeded({ message, scope }: { message: string; scope: string }) {
  const signIn = useAuthStore((s) => s.signIn);
  const busy = useAuthStore((s) => s.busy);
  return (
    <div className="notice notice-info permission" role="alert" data-testid="permission-needed">
      <span>{message}</span>
      <button type="button" className="secondary-button" disabled={busy} onClick={() => void signIn([scope])}>
        Grant access
      </button>
    </div>
  );
}
