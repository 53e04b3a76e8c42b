/** Warns when this workstation cannot keep the sign-in safely, so it will not survive a restart. */
import { useAuthStore } from '../stores/auth-store';

/** Visible only when the sign-in is kept in memory. */
export function StorageBanner() {
  const storage = useAuthStore((s) => s.status?.storage);
  if (storage !== 'memory') return null;
  return (
    <div className="banner banner-warning" role="note" data-testid="storage-banner">
      This computer has no secure password storage, so Frontdesk keeps your sign-in only while it is open. You will need
      to sign in again after a restart. Changes waiting to sync are still kept, but without the system's protection. An
      administrator can change this in Frontdesk's settings file.
    </div>
  );
}
