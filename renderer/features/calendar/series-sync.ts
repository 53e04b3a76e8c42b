/**
 * Writes of recurring visits from the schedule: a new series, and a change or cancellation of "this and following"
 * or "all" of one. Each is one queued unit in core; the schedule reads its range again at once (the visits show
 * waiting to sync) and again when the unit has gone through, so the visits the service made take their place.
 */
import {
  seriesOf,
  type AgendaItem,
  type AppointmentChanges,
  type AppointmentInput,
  type OutboxItem,
  type SeriesRule,
} from '../../../common/contract';
import { onOutboxItem } from '../../lib/outbox-items';
import { refusalWords } from '../../lib/words';
import { useCalendarStore } from '../../stores/calendar-store';
import { seriesAsks } from '../../stores/series-asks';

/** Which visits of a series a change is for. */
export type SeriesScope = 'this' | 'following' | 'all';

/** Reads the shown range again now, and once more when the unit is done (or stops for the desk). */
function followUnit(op: OutboxItem): void {
  void useCalendarStore.getState().load();
  const stop = onOutboxItem('schedule', (item) => {
    if (item.id !== op.id || (item.status !== 'done' && item.status !== 'needs_attention')) return;
    stop();
    if (item.status === 'needs_attention') useCalendarStore.setState({ notice: refusalWords(item.reason, item.error) });
    void useCalendarStore.getState().load();
  });
}

/** Queues a new series of the visits the desk kept; null, or why it could not be queued. */
export async function createSeries(
  input: AppointmentInput,
  rule: SeriesRule,
  visits: { n: number; start: string; end: string }[],
): Promise<string | null> {
  const result = await seriesAsks.create({ input, rule, visits });
  if (!result.ok) return result.error.message;
  followUnit(result.value);
  return null;
}

/** What a change of several visits does: cancel them, or give the changed visit a new time (and words). */
export type SeriesEdit =
  { cancel: true } | { start?: string; minutes?: number; title?: string; location?: string; notes?: string };

/** Queues a change of "this and following" or "all" visits of the series `item` is one of. */
export async function changeSeries(
  item: AgendaItem,
  scope: Exclude<SeriesScope, 'this'>,
  edit: SeriesEdit,
): Promise<string | null> {
  const place = seriesOf(item);
  if (!place || !place.first) return 'This visit is not part of a series.';
  const result = await seriesAsks.change({
    seriesId: place.id,
    fromN: place.n,
    scope,
    of: place.of,
    first: place.first,
    rule: place.rule,
    at: item.start,
    label: item.title.slice(0, 500),
    ...edit,
  });
  if (!result.ok) return result.error.message;
  if (useCalendarStore.getState().selectedId === item.id) useCalendarStore.getState().openDetails(null);
  followUnit(result.value);
  return null;
}

/** The edit of a visit as a change of its series: its new start and length, and the words changed (not the people). */
export function seriesEditOf(item: AgendaItem, changes: AppointmentChanges): SeriesEdit {
  const timed = changes.start !== undefined || changes.end !== undefined;
  const start = changes.start ?? item.start;
  const end = changes.end ?? item.end;
  return {
    ...(timed ? { start, minutes: Math.round((Date.parse(end) - Date.parse(start)) / 60_000) } : {}),
    ...(changes.title !== undefined ? { title: changes.title } : {}),
    ...(changes.location !== undefined ? { location: changes.location } : {}),
    ...(changes.notes !== undefined ? { notes: changes.notes } : {}),
  };
}
