/**
 * Texts written here that the service has not taken yet, after the thread's texts: "Not sent yet" while waiting; a
 * text still unsent after 15 minutes is held and asks "Send now anyway?" (a late "running late" is worse than none);
 * a refused one says why (e.g. the patient opted out) and can only be discarded.
 */
import type { PendingText } from '../../../common/contract';
import { labelledTime, usePracticeZone } from '../../lib/practice-time';
import { useMessagesStore } from '../../stores/messages-store';
import { CHANGE_WORDS } from '../../lib/words';

function State({ text }: { text: PendingText }) {
  const { sendAnyway, discard } = useMessagesStore.getState();
  if (text.state === 'held')
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
  if (text.state === 'failed')
    return (
      <div className="pending-failed">
        <span role="alert">{text.error ?? 'The service refused this text.'}</span>
        <button type="button" className="secondary-button" onClick={() => void discard(text.opId)}>
          Discard
        </button>
      </div>
    );
  return (
    <span className="message-status">{text.state === 'sending' ? CHANGE_WORDS.sending.word : 'Not sent yet'}</span>
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
          className={`message message-out message-pending message-${t.state}`}
          data-testid="pending-text"
          data-state={t.state}
        >
          <span className="message-meta">Written {labelledTime(t.createdAt, zone)}</span>
          <span className="message-text">{t.text}</span>
          <State text={t} />
        </li>
      ))}
    </ol>
  );
}
