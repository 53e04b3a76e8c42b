/**
 * Queued series writes (outbox kind `event.series`) laid over a range read, as pending-items.ts does for single
 * changes: a new series' visits show at once, waiting to sync, and a queued change of "this and following" / "all"
 * shows its visits at their new time, or cancelling. Each step of the unit names one visit by its external id.
 */
import type { Agenda, AgendaItem } from '../../../common/contract';
import { seriesExternalId, seriesOf } from '../../../common/model/series';
import type { OpView } from '../outbox';

const str = (v: unknown) => (typeof v === 'string' ? v : '');
const num = (v: unknown) => (typeof v === 'number' ? v : null);
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** One step of a series write: the visit it names, and its body when it writes one (null: it cancels it). */
interface Step {
  externalId: string;
  put: Record<string, unknown> | null;
}

function stepsOf(op: OpView): Step[] {
  const steps = Array.isArray(op.payload.steps) ? (op.payload.steps as unknown[]) : [];
  return steps.filter(isRecord).flatMap((s) => {
    const put = isRecord(s.put) ? s.put : null;
    const ref = put ?? (isRecord(s.delete) ? s.delete : null);
    return ref && typeof ref.external_id === 'string' ? [{ externalId: ref.external_id, put }] : [];
  });
}

const pendingOf = (op: OpView, change: 'create' | 'update' | 'delete'): NonNullable<AgendaItem['pending']> => ({
  changeId: op.id,
  status: op.status === 'needs_attention' ? 'needs_attention' : 'queued',
  change,
});

/** The row of a visit of a queued new series (the service has not told its id: a negative one for the screen). */
function visitRow(op: OpView, externalId: string, put: Record<string, unknown>): AgendaItem {
  const data = isRecord(put.custom_data) ? put.custom_data : {};
  const people = Array.isArray(put.participants) ? (put.participants as unknown[]).filter(isRecord) : [];
  const start = str(put.start_time);
  return {
    id: -(op.seq * 100 + (Number(data.frontdesk_series_n) || 0)),
    externalId,
    title: str(put.title) || 'New appointment',
    start,
    end: str(put.end_time) || start,
    calendarId: num(put.calendar_id),
    calendarName: '',
    location: str(put.location),
    notes: str(put.content),
    customData: Object.entries(data).map(([key, value]) => ({ key, value: str(value) })),
    people: people.map((p) => ({
      name: str(p.name),
      phone: str(p.phone),
      email: str(p.email),
      state: '',
      contactId: num(p.contact_id),
    })),
    pending: pendingOf(op, 'create'),
    pendingMark: null,
  };
}

/**
 * The external id of a visit as read: the answer's, else the one its series id and place derive (the custom data the
 * desk wrote, which the service keeps; an answer may leave external_id out, as the facts do not show it in an event).
 */
function visitKeyOf(item: AgendaItem): string | null {
  if (item.externalId) return item.externalId;
  const place = seriesOf(item);
  return place ? seriesExternalId(place.id, place.n) : null;
}

/** A visit with the queued series writes that name it applied, in queue order. */
function applied(item: AgendaItem, key: string, ops: readonly OpView[]): AgendaItem {
  let out = item;
  for (const op of ops) {
    const step = stepsOf(op).find((s) => s.externalId === key);
    if (!step) continue;
    if (!step.put) {
      out = { ...out, pending: pendingOf(op, 'delete') };
      continue;
    }
    if (op.payload.change === 'create') {
      out = { ...out, pending: out.pending ?? pendingOf(op, 'create') };
      continue;
    }
    const p = step.put;
    out = {
      ...out,
      ...(typeof p.title === 'string' ? { title: p.title } : {}),
      ...(typeof p.start_time === 'string' ? { start: p.start_time } : {}),
      ...(typeof p.end_time === 'string' ? { end: p.end_time } : {}),
      ...(typeof p.location === 'string' ? { location: p.location } : {}),
      ...(typeof p.content === 'string' ? { notes: p.content } : {}),
      pending: out.pending?.change === 'create' ? out.pending : pendingOf(op, 'update'),
    };
  }
  return out;
}

const byStart = (a: AgendaItem, b: AgendaItem) => Date.parse(a.start) - Date.parse(b.start) || a.id - b.id;

/** The agenda with the unfinished series writes laid over it (`ops`: the queued changes; others are passed over). */
export function withSeriesPending(ops: readonly OpView[], agenda: Agenda, begin: string, end: string): Agenda {
  const series = ops.filter((op) => op.kind === 'event.series' && op.status !== 'done');
  if (series.length === 0) return agenda;
  const from = Date.parse(begin);
  const to = Date.parse(end);
  const read = new Set(agenda.items.map(visitKeyOf).filter(Boolean));
  const rows: AgendaItem[] = [];
  for (const op of series) {
    if (op.payload.change !== 'create') continue;
    for (const { externalId, put } of stepsOf(op)) {
      const at = put ? Date.parse(str(put.start_time)) : NaN;
      if (put && !read.has(externalId) && at >= from && at <= to) {
        rows.push(visitRow(op, externalId, put));
        read.add(externalId);
      }
    }
  }
  const items = [...agenda.items, ...rows].map((item) => {
    const key = visitKeyOf(item);
    return key ? applied(item, key, series) : item;
  });
  return { ...agenda, items: items.sort(byStart) };
}
