/** The screens of a signed-in user, with the outbox's count. */
import { useNavStore, type Screen } from '../stores/nav-store';
import { useOutboxStore } from '../stores/outbox-store';

const TABS: { screen: Screen; label: string }[] = [
  { screen: 'calendar', label: 'Calendar' },
  { screen: 'book', label: 'Book appointment' },
  { screen: 'contacts', label: 'Contacts' },
  { screen: 'outbox', label: 'Outbox' },
];

/** Tabs under the header. */
export function NavBar() {
  const screen = useNavStore((s) => s.screen);
  const go = useNavStore((s) => s.go);
  const { queued, needsAttention } = useOutboxStore((s) => s.summary);
  return (
    <nav className="nav" aria-label="Screens">
      {TABS.map((tab) => (
        <button
          key={tab.screen}
          type="button"
          className={`nav-tab${screen === tab.screen ? ' nav-tab-active' : ''}`}
          aria-current={screen === tab.screen ? 'page' : undefined}
          onClick={() => go(tab.screen)}
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
        </button>
      ))}
    </nav>
  );
}
