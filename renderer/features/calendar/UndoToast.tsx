/** "Cancelled … — Undo" for 10 seconds after a cancellation or a move, and plain-words problems of the last write. */
import { useCalendarStore } from '../../stores/calendar-store';
import { dismissUndo, undoLast } from './schedule-sync';

/** The toast region (always in the page so screen readers hear it appear). */
export function UndoToast() {
  const undo = useCalendarStore((s) => s.undo);
  const notice = useCalendarStore((s) => s.notice);
  return (
    <div className="toast-region" role="status" aria-live="polite" data-testid="schedule-toast">
      {undo && (
        <div className="toast">
          <span>{undo.message}.</span>
          <button type="button" className="secondary-button" onClick={() => void undoLast()}>
            Undo
          </button>
          <button type="button" className="icon-button" aria-label="Dismiss" onClick={dismissUndo}>
            ×
          </button>
        </div>
      )}
      {notice && (
        <div className="toast toast-problem">
          <span>{notice}</span>
          <button
            type="button"
            className="icon-button"
            aria-label="Dismiss"
            onClick={() => useCalendarStore.setState({ notice: null })}
          >
            ×
          </button>
        </div>
      )}
    </div>
  );
}
