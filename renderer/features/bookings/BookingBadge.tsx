/** A booking's state as a badge in plain words. */
import type { BookingKind } from '../../../common/contract';

const WORDS: Record<BookingKind, { text: string; className: string }> = {
  confirmed: { text: 'Confirmed', className: 'badge badge-good' },
  pending: { text: 'Waiting for the office system', className: 'badge badge-wait' },
  failed: { text: 'Failed', className: 'badge badge-bad' },
};

/** "Confirmed", "Waiting for the office system" (the practice's calendar system has not answered yet) or "Failed". */
export function BookingBadge({ state }: { state: BookingKind }) {
  const w = WORDS[state];
  return (
    <span className={w.className} data-state={state}>
      {w.text}
    </span>
  );
}
