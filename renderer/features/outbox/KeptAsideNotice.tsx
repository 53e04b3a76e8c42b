/**
 * Changes that could not be read, said in honest words: how many at most may not have been sent (whether they were
 * is not known), what to check before entering them again and where their bytes are kept, until the user has noted
 * it; or that the changes waiting cannot be read at all. Shown on the Outbox screen and on the sign-in screen.
 */
import { mayNotHaveBeenSent } from '../../lib/outbox-words';
import { useOutboxStore } from '../../stores/outbox-store';
import { OutboxLockedNotice } from './OutboxLockedNotice';

/** The notice (nothing when every saved change could be read). */
export function KeptAsideNotice() {
  const kept = useOutboxStore((s) => s.summary.keptAside);
  const cannotOpen = useOutboxStore((s) => s.summary.cannotOpen ?? null);
  // A locked outbox (its key cannot be unwrapped) has a notice of its own, with what the user can do.
  const locked = useOutboxStore((s) => s.summary.locked ?? null);
  if (locked) return <OutboxLockedNotice locked={locked} />;
  if (cannotOpen)
    return (
      <div className="notice notice-error kept-aside" role="alert" data-testid="outbox-cannot-open">
        <p>{cannotOpen}</p>
      </div>
    );
  if (!kept || cannotOpen) return null;
  return (
    <div className="notice notice-error kept-aside" role="alert" data-testid="kept-aside">
      <p>
        {kept.unsure
          ? 'Frontdesk cannot tell whether every saved change is still there. '
          : 'Some saved changes could not be read. '}
        {mayNotHaveBeenSent(kept.count, kept.unsure)}
        {kept.unsure && kept.count > 0 ? `: ${kept.count} found missing, and there may be more` : ''}. Check the
        schedule, contacts and messages before entering {kept.count === 1 && !kept.unsure ? 'it' : 'them'} again. For
        support, what could not be read is kept in <code>{kept.file}</code>.
      </p>
      <button
        type="button"
        className="secondary-button"
        onClick={() => void useOutboxStore.getState().acknowledgeKeptAside()}
      >
        I have noted this
      </button>
    </div>
  );
}
