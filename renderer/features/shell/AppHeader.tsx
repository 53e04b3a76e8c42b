/** Top bar: the practice's name (the app's name until signed in), who is signed in, About and the shortcut list. */
import { AccountMenu } from '../account';
import { AboutButton } from './AboutButton';
import { ThemeSwitch } from './ThemeSwitch';
import { useAuthStore } from '../../stores/auth-store';
import { useFinderStore } from '../../stores/finder-store';
import { useShellStore } from '../../stores/shell-store';
import { ariaKeysOf, keyWordsOf } from '../../lib/actions';
import { findPatient } from './shortcuts';

/** The header shown on every screen. */
export function AppHeader() {
  const signedIn = useAuthStore((s) => s.status?.state === 'signed_in');
  const practice = useAuthStore((s) => (s.status?.state === 'signed_in' ? s.status.account?.practiceName : ''));
  return (
    <header className="app-header">
      <h1 className="app-name" data-testid="practice-name">
        {practice || 'Frontdesk'}
      </h1>
      {practice && <span className="app-product">Frontdesk</span>}
      <span className="header-spacer" />
      {signedIn && (
        <button
          type="button"
          className="secondary-button header-find"
          aria-keyshortcuts={ariaKeysOf(findPatient)}
          onClick={() => useFinderStore.getState().show()}
        >
          Find a patient <kbd aria-hidden="true">{keyWordsOf(findPatient)}</kbd>
        </button>
      )}
      <ThemeSwitch />
      <AccountMenu />
      {signedIn && (
        <button type="button" className="link-button" onClick={() => useShellStore.getState().showShortcuts(true)}>
          Shortcuts
        </button>
      )}
      <AboutButton />
    </header>
  );
}
