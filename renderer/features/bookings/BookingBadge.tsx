/** A booking's state as a badge, in the words of renderer/lib/words.ts. */
import type { BookingKind } from '../../../common/contract';
import { BOOKING_WORDS } from '../../lib/words';

/** "Booked", "Waiting for the office system" (the practice's calendar system has not answered yet) or "Not booked". */
export function BookingBadge({ state }: { state: BookingKind }) {
  const w = BOOKING_WORDS[state];
  return (
    <span className={`badge badge-${w.tone}`} data-state={state}>
      {w.word}
    </span>
  );
}
