/** POST/GET /v1/import: a CSV string becomes events or contacts once the import lazily reaches `finished`. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { HttpError } from '../context';
import { badRequest, notFound, parseOr400 } from '../errors';
import { contactsBody, planContacts } from './contact-write';
import { csvRecords, parseCsv } from './csv';
import { eventsBody, planEvents } from './event-write';
import { addRoute, boolish, idParam, parseBody, parseQuery, stamp, str, timeParam, type Deps } from './http';
import type { Ids } from './store';
import type { AccountData, ImportRec } from './types';

/** Delay before an import shows `running`. */
const IMPORT_RUNNING_MS = 100;
/** Run time of an import before `finished`, plus 1 ms per row. */
const IMPORT_BASE_MS = 400;

/** The state now: launching → running → finished (or invalid), computed from the clock. */
function importState(imp: ImportRec, now: number): string {
  if (now < imp.runningAt) return 'launching';
  if (imp.invalidReason) return 'invalid';
  return now < imp.finishAt ? 'running' : 'finished';
}

/** JSON form `{id, state, ...}` (id/state per facts; the counts are designed here). */
function renderImport(imp: ImportRec, now: number): Record<string, unknown> {
  const done = importState(imp, now) === 'finished';
  return {
    id: imp.id,
    type: imp.type,
    state: importState(imp, now),
    invalid_reason: now >= imp.runningAt ? imp.invalidReason : null,
    based_on_import_id: imp.basedOnImportId,
    rows: imp.rows,
    created: done ? imp.created : 0,
    updated: done ? imp.updated : 0,
    deleted: done ? imp.deleted : 0,
    failed: done ? imp.failed : 0,
    errors: done ? imp.errors.slice(0, 50) : [],
    created_at: stamp(imp.createdAt),
    updated_at: stamp(Math.min(now, imp.updatedAt)),
  };
}

const body = z.object({
  type: z.enum(['events', 'contacts']).default('events'),
  file: str(2_000_000).min(1, 'must not be empty'),
  based_on_import_id: idParam.optional(),
  spec: z.union([str(10_000), z.record(str(100), z.unknown())]).optional(),
  calendar: str(200).trim().min(1).optional(),
  calendar_id: idParam.optional(),
  address_book: str(200).trim().min(1).optional(),
  address_book_id: idParam.optional(),
  start_time: str(40).optional(),
  end_time: str(40).optional(),
  support_delete: boolish.default(false),
  update_existing: boolish.default(false),
});
type ImportBody = z.output<typeof body>;

function rowError(err: unknown): string {
  if (err instanceof HttpError && typeof err.body === 'object' && err.body && 'message' in err.body)
    return String(err.body.message).replace(/^(events|contacts)\[0\]\.?/, '');
  throw err;
}

/** Builds the thunk that writes the rows (run by Store.settle once the import is finished). */
function applier(
  acc: AccountData,
  ids: Ids,
  imp: ImportRec,
  b: ImportBody,
  records: Array<Record<string, string>>,
  range: [number, number] | null,
): () => void {
  return () => {
    const touched = new Set<number>();
    const calendars = new Set<number>();
    const at = imp.finishAt;
    records.forEach((r, i) => {
      try {
        if (b.type === 'events') {
          const person = r.name || r.phone || r.email ? [{ name: r.name, phone: r.phone, email: r.email }] : undefined;
          const ev = {
            external_id: r.external_id,
            title: r.title,
            start_time: r.start_time,
            end_time: r.end_time,
            time_zone: r.time_zone,
            location: r.location,
            content: r.content,
            calendar: r.calendar ?? b.calendar,
            calendar_id: r.calendar ? undefined : b.calendar_id,
            participants: person,
          };
          const [run] = planEvents(acc, ids, parseOr400(eventsBody, { events: [ev] }, 'row'), b.update_existing, at);
          const rec = run?.();
          if (rec) {
            const existed = rec.createdAt !== at;
            imp[existed ? 'updated' : 'created'] += 1;
            touched.add(rec.id);
            calendars.add(rec.calendarId);
          }
        } else {
          const c = {
            external_id: r.external_id,
            name: r.name,
            first_name: r.first_name,
            last_name: r.last_name,
            phone: r.phone,
            email: r.email,
            address_book: r.address_book ?? b.address_book,
            address_book_id: r.address_book ? undefined : b.address_book_id,
          };
          const [run] = planContacts(
            acc,
            ids,
            parseOr400(contactsBody, { contacts: [c] }, 'row').contacts,
            b.update_existing,
            at,
          );
          const rec = run?.();
          if (rec) imp[rec.createdAt !== at ? 'updated' : 'created'] += 1;
        }
      } catch (err) {
        imp.failed += 1;
        imp.errors.push({ row: i + 2, message: rowError(err) });
      }
    });
    if (range && b.type === 'events') {
      for (const ev of acc.events.values()) {
        if (
          !ev.isDeleted &&
          calendars.has(ev.calendarId) &&
          !touched.has(ev.id) &&
          ev.start >= range[0] &&
          ev.start <= range[1]
        ) {
          ev.isDeleted = true;
          ev.updatedAt = at;
          imp.deleted += 1;
        }
      }
    }
  };
}

/** Registers POST and GET /v1/import. */
export function registerImports(app: FastifyInstance, deps: Deps): void {
  addRoute(app, deps, 'POST', '/v1/import', ({ req, acc, now }) => {
    const b = parseBody(req, body);
    if (b.based_on_import_id !== undefined && !acc.imports.has(b.based_on_import_id))
      badRequest(`based_on_import_id ${b.based_on_import_id} not found`);
    let range: [number, number] | null = null;
    if (b.support_delete) {
      if (b.start_time === undefined || b.end_time === undefined)
        badRequest('support_delete needs start_time and end_time');
      const t = timeParam(acc.timeZone);
      const s = t.safeParse(b.start_time);
      const e = t.safeParse(b.end_time);
      if (!s.success || !e.success) badRequest('start_time and end_time must be ISO-8601 dates');
      range = [s.data, e.data];
    }
    const { header, records } = csvRecords(parseCsv(b.file));
    const need = b.type === 'events' ? ['title', 'start_time', 'end_time'] : [];
    const missing = need.filter((h) => !header.includes(h));
    let invalidReason: string | null = null;
    if (records.length === 0) invalidReason = 'the file has no data rows';
    else if (missing.length) invalidReason = `missing column(s): ${missing.join(', ')}`;
    else if (b.type === 'contacts' && !header.includes('name') && !header.includes('first_name'))
      invalidReason = 'missing column: name (or first_name/last_name)';
    const imp: ImportRec = {
      id: deps.store.ids.next('import'),
      type: b.type,
      createdAt: now,
      runningAt: now + IMPORT_RUNNING_MS,
      finishAt: now + IMPORT_BASE_MS + Math.min(records.length, 5000),
      invalidReason,
      basedOnImportId: b.based_on_import_id ?? null,
      rows: records.length,
      apply: null,
      created: 0,
      updated: 0,
      deleted: 0,
      failed: 0,
      errors: [],
      updatedAt: now,
    };
    if (!invalidReason) imp.apply = applier(acc, deps.store.ids, imp, b, records, range);
    acc.imports.set(imp.id, imp);
    deps.ctx.counters.importsStarted += 1;
    return { import: renderImport(imp, now) };
  });

  addRoute(app, deps, 'GET', '/v1/import', ({ req, acc, now }) => {
    const q = parseQuery(req, z.object({ id: idParam }));
    const imp = acc.imports.get(q.id) ?? notFound(`import ${q.id} not found`);
    return { import: renderImport(imp, now) };
  });
}
