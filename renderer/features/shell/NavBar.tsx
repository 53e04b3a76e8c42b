/** The screens of a signed-in user, with the outbox's count; each tab names the keys its action has (shortcuts.ts). */
import { useNavStore } from '../../stores/nav-store';
import { useMessagesStore } from '../../stores/messages-store';
import { useOutboxStore } from '../../stores/outbox-store';
import { useWaitlistStore } from '../../stores/waitlist-store';
import { ariaKeysOf, keyWordsOf } from '../../lib/actions';
import { screenTabs } from './shortcuts';

/** Tabs under the header. */
export function NavBar() {
  const screen = useNavStore((s) => s.screen);
  const go = useNavStore((s) => s.go);
  const { queued, needsAttention } = useOutboxStore((s) => s.summary);
  const unread = useMessagesStore((s) => s.unreadTotal);
  // Times freed here that someone on the waitlist fits and that have not been offered yet.
  const toOffer = useWaitlistStore(
    (s) => s.view?.freed.filter((f) => f.fits.length > 0 && f.offerKey === null).length ?? 0,
  );
  return (
    <nav className="nav" aria-label="Screens">
      {screenTabs.map((tab) => (
        <button
          key={tab.screen}
          type="button"
          className={`nav-tab${screen === tab.screen ? ' nav-tab-active' : ''}`}
          aria-current={screen === tab.screen ? 'page' : undefined}
          onClick={() => go(tab.screen)}
          aria-keyshortcuts={ariaKeysOf(tab.open)}
          title={`${tab.label} (${keyWordsOf(tab.open)})`}
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
          {tab.screen === 'waitlist' && toOffer > 0 && (
            <span
              className="count count-new"
              aria-label={toOffer === 1 ? '1 freed time to offer' : `${toOffer} freed times to offer`}
            >
              {toOffer}
            </span>
          )}
        </button>
      ))}
    </nav>
  );
}
