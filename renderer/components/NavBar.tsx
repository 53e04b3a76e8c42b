/** The screens of a signed-in user, with the outbox's count. */
import { SCREENS, useNavStore } from '../stores/nav-store';
import { useMessagesStore } from '../stores/messages-store';
import { useOutboxStore } from '../stores/outbox-store';
import { ariaKeys, chordWords } from '../lib/actions';

/** Tabs under the header. */
export function NavBar() {
  const screen = useNavStore((s) => s.screen);
  const go = useNavStore((s) => s.go);
  const { queued, needsAttention } = useOutboxStore((s) => s.summary);
  const unread = useMessagesStore((s) => s.unreadTotal);
  return (
    <nav className="nav" aria-label="Screens">
      {SCREENS.map((tab, i) => (
        <button
          key={tab.screen}
          type="button"
          className={`nav-tab${screen === tab.screen ? ' nav-tab-active' : ''}`}
          aria-current={screen === tab.screen ? 'page' : undefined}
          onClick={() => go(tab.screen)}
          aria-keyshortcuts={ariaKeys(`Mod+${i + 1}`)}
          title={`${tab.label} (${chordWords(`Mod+${i + 1}`)})`}
        >
          {tab.label}
          {tab.screen === 'outbox' && queued + needsAttention > 0 && (
            <span
              className={`count${needsAttention > 0 ? ' count-bad' : ''}`}
              aria-label={`${queued + needsAttention} changes`}
            >
              {queued + needsAttention}
            </span>
          )}
          {tab.screen === 'messages' && unread > 0 && (
            <span className="count count-new" aria-label={unread === 1 ? '1 unread text' : `${unread} unread texts`}>
              {unread}
            </span>
          )}
        </button>
      ))}
    </nav>
  );
}
