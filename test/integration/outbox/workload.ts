/**
 * A mixed workload of 500 writes (contact creates and updates, event creates and marks, book_now on free slots)
 * and the check that each was applied exactly once, from the sandbox's own data and counters.
 */
import { expect } from 'vitest';
import type { BookingInput } from '../../../common/contract';
import type { EnqueueOptions, OpKind, OpView, Outbox } from '../../../main/core/outbox';
import type { Json, SandboxKit } from './helpers';

/** One write to queue. */
export interface OpSpec {
  kind: OpKind;
  payload: Record<string, unknown>;
  options?: EnqueueOptions;
}

/** The workload and what the sandbox must hold afterwards. */
export interface Workload {
  specs: OpSpec[];
  /** external_id → expected contact name (creates, with any update applied). */
  contacts: Map<string, string>;
  /** external_ids of created events, and those marked confirmed. */
  events: Set<string>;
  marked: Set<string>;
  /** Booked slots (page wall time). */
  slots: string[];
  counts: Record<'contactCreates' | 'contactUpdates' | 'eventCreates' | 'marks' | 'bookings', number>;
}

const PAGE = 'lakeside-dental-cleaning';
const pad = (n: number, w: number) => String(n).padStart(w, '0');

/** Free cleaning slots at least an hour apart (60-minute visits), as {time, start_time}. */
export async function freeSlots(kit: SandboxKit, count: number): Promise<Array<{ time: string; start_time: string }>> {
  const res = await kit.get('/v1/availability', {
    booking_page: PAGE,
    begin: new Date(Date.now() + 86_400_000).toISOString(),
    end: new Date(Date.now() + 40 * 86_400_000).toISOString(),
  });
  expect(res.status).toBe(200);
  const picked: Array<{ time: string; start_time: string }> = [];
  let last = -Infinity;
  for (const slot of res.body.slots as Array<{ time: string; start_time: string }>) {
    const at = Date.parse(slot.start_time);
    if (at - last < 3_600_000) continue;
    picked.push(slot);
    last = at;
    if (picked.length === count) break;
  }
  expect(picked).toHaveLength(count);
  return picked;
}

/** A booking as the app queues it: the booking form's input (the contract's `bookings:book`), on the cleaning page. */
export function bookingAt(slot: { time: string; start_time: string }, name: string, phone: string): BookingInput {
  return { page: PAGE, time: slot.time, startsAt: slot.start_time, name, phone, email: '', fieldData: {} };
}

/** Builds 500 writes: 150 contact creates (100 then updated), 150 event creates (70 then marked), 30 bookings. */
export async function buildWorkload(kit: SandboxKit, run: string): Promise<Workload> {
  const slots = await freeSlots(kit, 30);
  const w: Workload = {
    specs: [],
    contacts: new Map(),
    events: new Set(),
    marked: new Set(),
    slots: slots.map((s) => s.time),
    counts: { contactCreates: 150, contactUpdates: 100, eventCreates: 150, marks: 70, bookings: 30 },
  };
  const day = Date.UTC(2031, 0, 6, 15, 0, 0);
  for (let i = 0; i < 150; i++) {
    const ext = `${run}-c${i}`;
    const update = i % 3 !== 2;
    w.specs.push({
      kind: 'contact.create',
      payload: {
        address_book_id: 2001,
        name: `Pat Outbox${i}`,
        // The shapes the app sends (test/sandbox/contract.ts): the sandbox kit is strict.
        phone_numbers: [{ number: `312-555-${pad(1000 + i, 4)}`, is_primary: true }],
        external_id: ext,
      },
    });
    w.contacts.set(ext, update ? `Pat Updated${i}` : `Pat Outbox${i}`);
    const eventExt = `${run}-e${i}`;
    const start = new Date(day + i * 3_600_000).toISOString();
    w.specs.push({
      kind: 'event.create',
      payload: {
        calendar_id: 1001,
        title: `Outbox visit ${i}`,
        start_time: start,
        end_time: new Date(day + i * 3_600_000 + 1_800_000).toISOString(),
        external_id: eventExt,
        participants: [{ name: `Pat Outbox${i}`, phone: `312-555-${pad(1000 + i, 4)}` }],
      },
    });
    w.events.add(eventExt);
    if (update)
      w.specs.push({
        kind: 'contact.update',
        payload: { external_id: ext, address_book_id: 2001, name: `Pat Updated${i}` },
      });
    if (i < 70) {
      w.specs.push({ kind: 'event.mark', payload: { external_id: eventExt, state: 'confirmed' } });
      w.marked.add(eventExt);
    }
    if (i % 5 === 0) {
      const slot = slots[i / 5];
      if (!slot) throw new Error('not enough slots');
      w.specs.push({
        kind: 'booking.book_now',
        payload: bookingAt(slot, `Booker ${i}`, `312-555-${pad(2000 + i, 4)}`),
        options: { startsAt: slot.start_time },
      });
    }
  }
  expect(w.specs).toHaveLength(500);
  return w;
}

/** Queues every spec in order (one group-committed burst). */
export function enqueueAll(outbox: Outbox, specs: OpSpec[], accountKey: string): Promise<OpView[]> {
  return Promise.all(specs.map((s) => outbox.enqueue(s.kind, s.payload, { ...s.options, accountKey })));
}

const applied = (row: Json) => (row?.['200'] ?? 0) + (row?.reset ?? 0);

/** The sandbox holds every record exactly once, and its counters agree with the requests that reached handlers. */
export async function verifyExactlyOnce(
  kit: SandboxKit,
  w: Workload,
  createdSince: number,
  idempotentReplays = 0,
): Promise<void> {
  await kit.faults(null);
  const contacts = await kit.allPages('/v1/contacts', 'contacts', { address_book_id: 2001, include_deleted: true });
  for (const [ext, name] of w.contacts) {
    const hits = contacts.filter((c) => c.external_id === ext);
    expect(
      hits.map((c) => c.name),
      `contact ${ext}`,
    ).toEqual([name]);
  }
  const events = await kit.allPages('/v1/events', 'events', {
    calendar_id: 1001,
    begin: '2031-01-01T00:00:00Z',
    end: '2031-03-01T00:00:00Z',
    include_deleted: true,
  });
  for (const ext of w.events) {
    const hits = events.filter((e) => e.external_id === ext);
    expect(hits, `event ${ext}`).toHaveLength(1);
    if (w.marked.has(ext)) expect(hits[0].participants.map((p: Json) => p.state)).toEqual(['confirmed']);
  }
  const bookings = await kit.allPages('/v1/bookings', 'bookings', {
    booking_page: 'lakeside-dental-cleaning',
    created_since: new Date(createdSince - 1000).toISOString(),
  });
  const live = bookings.filter((b) => b.state !== 'failed');
  expect(live).toHaveLength(w.counts.bookings);
  expect(new Set(live.map((b) => b.start_time)).size).toBe(w.counts.bookings);
  await verifyCounters(kit, w, idempotentReplays);
}

/** `replays`: how many answered idempotent writes may have been re-sent after a crash (0 without kills). */
async function verifyCounters(kit: SandboxKit, w: Workload, replays: number): Promise<void> {
  const stats = await kit.stats();
  const req = stats.requests;
  // Every POST that reached the handler made a record: with lost answers counted, exactly one per create.
  expect(applied(req['POST /v1/contacts'])).toBe(w.counts.contactCreates);
  expect(applied(req['POST /v1/events'])).toBe(w.counts.eventCreates);
  expect(applied(req['POST /v1/book_now'])).toBe(w.counts.bookings);
  expect(stats.bookingsCreated).toBe(w.counts.bookings);
  expect(stats.bookingsFailed).toBe(0);
  // Idempotent writes end with exactly one answered success each; replays after lost answers are counted as resets.
  const answered = (req['PUT /v1/contacts']?.['200'] ?? 0) + (req['POST /v1/event/mark']?.['200'] ?? 0);
  expect(req['PUT /v1/contacts']?.['200']).toBeGreaterThanOrEqual(w.counts.contactUpdates);
  expect(req['POST /v1/event/mark']?.['200']).toBeGreaterThanOrEqual(w.counts.marks);
  expect(answered).toBeLessThanOrEqual(w.counts.contactUpdates + w.counts.marks + replays);
  expect(stats.contactsWritten).toBe(applied(req['POST /v1/contacts']) + applied(req['PUT /v1/contacts']));
  expect(stats.eventsWritten).toBe(applied(req['POST /v1/events']));
  expect(stats.eventMarks).toBe(applied(req['POST /v1/event/mark']));
}
