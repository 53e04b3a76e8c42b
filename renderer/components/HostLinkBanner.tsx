/** Warns when the browser preview lost its link to Frontdesk's background process. */
import { useAppStore } from '../stores/app-store';

/** Visible only while the link is down. */
export function HostLinkBanner() {
  const linked = useAppStore((s) => s.hostLinked);
  if (linked) return null;
  return (
    <div className="banner banner-warning" role="alert">
      Frontdesk's background process is not answering. Reconnecting… If Frontdesk was started again, or this tab was
      opened from an address used before, open it from the address it printed last (each address opens one tab). Nothing
      you entered is lost.
    </div>
  );
}
