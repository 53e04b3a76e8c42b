/** Saved changes that could not be read: said in plain words with where their bytes are kept, until acknowledged. */
import { useOutboxStore } from '../../stores/outbox-store';

/** The notice on the Outbox screen (nothing when every saved change could be read). */
export function KeptAsideNotice() {
  const kept = useOutboxStore((s) => s.summary.keptAside);
  if (!kept) return null;
  const one = kept.count === 1;
  return (
    <div className="notice notice-error kept-aside" role="alert" data-testid="kept-aside">
      <p>
        {kept.count} queued change{one ? '' : 's'} could not be read and {one ? 'was' : 'were'} kept aside. Nothing was
        sent for {one ? 'it' : 'them'}. If {one ? 'it matters' : 'they matter'}, enter {one ? 'it' : 'them'} again; for
        support, {one ? 'it is' : 'they are'} kept in <code>{kept.file}</code>.
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
