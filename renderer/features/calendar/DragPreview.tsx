/**
 * What a drag shows while it is under way: the dragged block tells its new time (`movedTo`), and a label in the
 * column it would land in says the new time and, over another provider's column, that provider's name.
 */
import type { AgendaItem } from '../../../common/contract';
import { isoInZone, timeInZone } from '../../lib/practice-time';
import type { GridColumn } from './grid-layout';

/** Where a drag would drop: the column and the new start (epoch ms). */
export interface Drop {
  column: GridColumn;
  start: number;
}

/** Whether the drop takes the appointment to another calendar (a Day view column of another provider). */
const toOtherCalendar = (item: AgendaItem, drop: Drop): boolean =>
  drop.column.calendarId !== null && drop.column.calendarId !== item.calendarId;

/** The appointment as it would be after the drop (same length). */
export function movedTo(item: AgendaItem, drop: Drop, zone: string): AgendaItem {
  const length = Date.parse(item.end) - Date.parse(item.start);
  return {
    ...item,
    start: isoInZone(drop.start, zone),
    end: isoInZone(drop.start + length, zone),
    ...(toOtherCalendar(item, drop) ? { calendarId: drop.column.calendarId, calendarName: drop.column.label } : {}),
  };
}

/** The label at the drop point: "10:30 AM – 11:15 AM" and, over another provider, " · Dr. Hart". */
export function DragPreview({ item, drop, zone, top }: { item: AgendaItem; drop: Drop; zone: string; top: number }) {
  const length = Date.parse(item.end) - Date.parse(item.start);
  const other = toOtherCalendar(item, drop);
  const words = `${timeInZone(drop.start, zone)} – ${timeInZone(drop.start + length, zone)}${other ? ` · ${drop.column.label}` : ''}`;
  return (
    <span className="drag-preview" style={{ top }} role="status" data-testid="drag-preview">
      {other ? `Move to ${words}` : words}
    </span>
  );
}
