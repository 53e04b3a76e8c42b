/**
 * "Cancelled … — Undo" for 10 seconds after a cancellation, a move or an edit, and plain-words problems of the last
 * write. After a move (a new time or another provider) it also offers "Text the patient about the new time": a quick
 * text filled with the new time, opened for the receptionist to read before it goes (the messages feature's slot).
 */
import { createElement, useState } from 'react';
import type { AgendaItem } from '../../../common/contract';
import { useCalendarStore, type UndoOffer } from '../../stores/calendar-store';
import { ariaKeysOf, keyWordsOf } from '../../lib/actions';
import { moveText } from './appointment-slots';
import { scheduleUndoKeys } from './grid-keys';
import { dismissUndo, undoLast } from './schedule-sync';

/** The moved appointment, when the offer is a move a patient could be told about (someone on it has a phone). */
function movedToTell(undo: UndoOffer | null): AgendaItem | null {
  const after = undo?.after;
  if (!undo || !after) return null;
  const moved =
    Date.parse(after.start) !== Date.parse(undo.before.start) || after.calendarId !== undo.before.calendarId;
  return moved && after.people.some((p) => p.phone.trim()) ? after : null;
}

/** The toast region (always in the page so screen readers hear it appear). */
export function UndoToast() {
  const undo = useCalendarStore((s) => s.undo);
  const notice = useCalendarStore((s) => s.notice);
  // The text dialog outlives the toast (it stays open while the receptionist reads and sends).
  const [texting, setTexting] = useState<AgendaItem | null>(null);
  const TextAboutMove = moveText();
  const tell = TextAboutMove ? movedToTell(undo) : null;
  return (
    <div className="toast-region" role="status" aria-live="polite" data-testid="schedule-toast">
      {undo && (
        <div className="toast">
          <span>{undo.message}.</span>
          <button
            type="button"
            className="secondary-button"
            aria-keyshortcuts={ariaKeysOf(scheduleUndoKeys)}
            onClick={() => void undoLast()}
          >
            Undo <kbd aria-hidden="true">{keyWordsOf(scheduleUndoKeys)}</kbd>
          </button>
          {tell && (
            <button
              type="button"
              className="secondary-button"
              onClick={() => {
                setTexting(tell);
                dismissUndo();
              }}
            >
              Text the patient about the new time
            </button>
          )}
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
      {texting && TextAboutMove && createElement(TextAboutMove, { item: texting, onClose: () => setTexting(null) })}
    </div>
  );
}
