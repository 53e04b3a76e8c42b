/**
 * Texts written here that the service has not taken yet, after the thread's texts: "Not sent yet" while waiting; a
 * text still unsent after 15 minutes is held and asks "Send now anyway?" (a late "running late" is worse than none);
 * a refused one says why (e.g. the patient opted out) and can only be discarded.
 */
import type { PendingText } from '../../../common/contract';
import { labelledTime, usePracticeZone } from '../../lib/practice-time';
import { useMessagesStore } from '../../stores/messages-store';
import { CHANGE_WORDS, TEXT_NOT_SENT } from '../../lib/words';

function State({ text }: { text: PendingText }) {
  const { sendAnyway, discard } = useMessagesStore.getState();
  if (text.held)
    return (
      <div className="pending-held" role="group" aria-label="Held text">
        <span>Not sent after 15 minutes. Send now anyway?</span>
        <div className="button-row">
          <button type="button" className="primary-button" onClick={() => void sendAnyway(text.opId)}>
            Send
          </button>
          <button type="button" className="secondary-button" onClick={() => void discard(text.opId)}>
            Discard
          </button>
        </div>
      </div>
    );
  if (text.status === 'needs_attention')
    return (
      <div className="pending-failed">
        <span role="alert">{text.error ?? 'The service refused this text.'}</span>
        <button type="button" className="secondary-button" onClick={() => void discard(text.opId)}>
          Discard
        </button>
      </div>
    );
  return (
    <span className="message-status">{text.status === 'sending' ? CHANGE_WORDS.sending.word : TEXT_NOT_SENT}</span>
  );
}

/** The list (nothing when every text has been sent). */
export function PendingTexts({ texts }: { texts: PendingText[] }) {
  const zone = usePracticeZone();
  if (texts.length === 0) return null;
  return (
    <ol className="message-list pending-list" aria-label="Texts not sent yet">
      {texts.map((t) => (
        <li
          key={t.opId}
          className={`message message-out message-pending${t.held ? ' message-held' : t.status === 'needs_attention' ? ' message-failed' : ''}`}
          data-testid="pending-text"
          data-state={t.held ? 'held' : t.status}
        >
          <span className="message-meta">Written {labelledTime(t.createdAt, zone)}</span>
          <span className="message-text">{t.text}</span>
          <State text={t} />
        </li>
      ))}
    </ol>
  );
}
