/** A colour per calendar: eight theme tokens (light and dark in calendar.css), given out in list order. */
import type { CalendarInfo } from '../../../common/contract';

const PALETTE_SIZE = 8;

/** The palette slot (0–7) of a calendar. */
export function colorSlot(calendars: readonly CalendarInfo[], id: number | null | undefined): number {
  const at = calendars.findIndex((c) => c.id === id);
  return at === -1 ? PALETTE_SIZE - 1 : at % PALETTE_SIZE;
}
