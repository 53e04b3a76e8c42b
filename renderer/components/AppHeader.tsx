/** Top bar: the app's name and which service it works with. */
import { AccountMenu } from '../features/account/AccountMenu';
import { useAppStore } from '../stores/app-store';
import { hostOf } from '../lib/format';

/** The header shown on every screen. */
export function AppHeader() {
  const info = useAppStore((s) => s.info);
  return (
    <header className="app-header">
      <h1 className="app-name">Frontdesk</h1>
      {info && (
        <span className="app-service" title={info.serviceUrl}>
          {info.usingSandbox ? 'Practice service (sandbox)' : hostOf(info.serviceUrl)}
        </span>
      )}
      <AccountMenu />
    </header>
  );
}
