/**
 * Core follows device-backed bookings until they settle, against the real sandbox over HTTP: it
 * asks at once (to learn the appointment), then after 1 s, 2 s, 4 s … only while one is pending, and stops when none
 * is; every change is one `bookings:settling` event. A refused one ("Not booked", its appointment removed by the
 * service) stays on the schedule, marked, until dismissed. The sandbox's clock and the watcher's timers are both
 * driven by the test: nothing waits on the real clock.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AgendaItem, BookingSettle, OutboxItem } from '../../../common/contract';
import { bookingState } from '../../../main/core/api/bookings-api';
import { BookingWatch, REFUSED_REASON } from '../../../main/core/bookings/booking-watch';
import { EventBus } from '../../../main/core/events';
import type { Clock } from '../../../main/core/platform';
import { SessionEvents } from '../../../main/core/session-events';
import { quietLogger, tokenClient } from '../outbox/outbox-setup';
import { clock as sandboxClock, startApi, type Api, type Json } from '../sandbox-api/helpers';

const SETTLE_MS = 3000;

/** A Clock whose timers only run when the test says (`fire`), so the waits the watcher chose can be read. */
function manualClock(time: { now(): Date }) {
  const timers = new Set<{ ms: number; fn: () => void }>();
  const clock: Clock = {
    now: () => time.now().getTime(),
    setTimeout(fn, ms) {
      const t = { ms, fn };
      timers.add(t);
      return () => timers.delete(t);
    },
  };
  return {
    clock,
    /** The waits scheduled now. */
    waits: () => [...timers].map((t) => t.ms),
    /** Runs the one scheduled timer. */
    fire() {
      const [t] = [...timers];
      if (!t || timers.size !== 1) throw new Error(`expected one timer, found ${timers.size}`);
      timers.delete(t);
      t.fn();
    },
  };
}

const time = sandboxClock();
let api: Api;
let token: string;
let calendarsOnly: string;
let account: string | null;
let timers: ReturnType<typeof manualClock>;
let sent: BookingSettle[][];
let watch: BookingWatch;

beforeAll(async () => {
  api = await startApi({ deviceSettleMs: SETTLE_MS, contacts: 30, events: 40, now: time.now });
  token = await api.token('owner@frontdesk.test');
  calendarsOnly = await api.token('owner@frontdesk.test', 'calendars:read');
}, 30_000);
afterAll(() => api.close());

beforeEach(() => {
  account = 'owner';
  timers = manualClock(time);
  sent = [];
  const events = new EventBus();
  events.attach((channel, payload) => {
    if (channel === 'bookings:settling') sent.push((payload as { bookings: BookingSettle[] }).bookings);
  });
  watch = new BookingWatch({
    service: tokenClient(api.sb.url, () => token),
    clock: timers.clock,
    events,
    session: new SessionEvents(),
    account: () => account,
    log: quietLogger(),
  });
});

/** Books the device-backed page's first free time at the sandbox; returns the booking as book_now answered it. */
async function bookDevice(name: string): Promise<Json> {
  const pages: Json[] = (await api.get('/v1/booking_pages')).body.booking_pages;
  const device = pages.find((p) => p.remote_device !== null);
  const slot = (await api.get('/v1/availability', { booking_page: device.token })).body.slots[0];
  const res = await api.post('/v1/book_now', {
    booking_page: device.token,
    time: slot.time,
    name,
    phone_number: '3035550199',
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.booking;
}

/** The outbox's word that a booking went through (what core's event bus carries). */
function doneItem(b: Json): OutboxItem {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    kind: 'booking.book_now',
    about: { who: '', title: '', appointmentType: '', mark: '', text: '' },
    status: 'done',
    attempts: 1,
    nextAttemptAt: 0,
    createdAt: 0,
    error: null,
    reason: null,
    requiredScope: null,
    timePassed: false,
    result: { id: b.id, state: bookingState(b.state), calendarName: null },
    canRetry: false,
    appointmentAt: null,
    zone: null,
  };
}

/** Runs the scheduled check and waits for its answer (the event it sends, or the next wait it schedules). */
async function check(): Promise<void> {
  const before = sent.length;
  timers.fire();
  for (let i = 0; i < 400 && sent.length === before && timers.waits().length === 0; i++)
    await new Promise((r) => setImmediate(r));
}

const last = () => sent.at(-1) ?? [];

describe('following a device-backed booking', () => {
  it('asks at once, then after 1 s, 2 s … while pending; says "booked" once and then stops asking', async () => {
    const b = await bookDevice('Ada Waits');
    const eventId = b.participant.event.id;
    watch.outboxItem(doneItem(b));
    expect(last()).toEqual([{ id: b.id, eventId: null, name: '', state: 'pending', reason: null }]);
    expect(timers.waits()).toEqual([0]);

    await check();
    expect(last()).toEqual([{ id: b.id, eventId, name: 'Ada Waits', state: 'pending', reason: null }]);
    expect(timers.waits()).toEqual([1000]);
    time.advance(1000);
    await check();
    expect(timers.waits()).toEqual([2000]);
    const eventsBefore = sent.length;
    time.advance(2000);
    await check();
    expect(sent.length).toBe(eventsBefore + 1);
    expect(last()).toEqual([{ id: b.id, eventId, name: 'Ada Waits', state: 'booked', reason: null }]);
    expect(timers.waits(), 'nothing pending: no more asking').toEqual([]);

    // The schedule's appointment carries the booking's word.
    const item = { id: eventId, start: '2030-01-08T17:00:00Z' } as AgendaItem;
    expect(watch.annotate([item], '', '')[0]!.booking).toMatchObject({ state: 'booked' });
  });

  it('keeps asking, less often, while the service cannot be reached', async () => {
    const b = await bookDevice('Bo Offline');
    watch.saw({ id: b.id, state: 'pending', eventId: b.participant.event.id, name: b.name });
    expect(timers.waits()).toEqual([1000]);
    await fetch(`${api.sb.url}/__sandbox/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ offline: true }),
    });
    try {
      await check();
      expect(timers.waits()).toEqual([1000]);
      await check();
      expect(timers.waits()).toEqual([2000]);
      expect(last()[0]?.state).toBe('pending');
    } finally {
      await fetch(`${api.sb.url}/__sandbox/faults`, { method: 'DELETE' });
    }
    time.advance(SETTLE_MS);
    await check();
    expect(last()[0]?.state).toBe('booked');
    expect(timers.waits()).toEqual([]);
  });

  it('a refused one says "not booked" and why, and stays on the schedule until dismissed', async () => {
    await fetch(`${api.sb.url}/__sandbox/device-refusals`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ count: 1 }),
    });
    const b = await bookDevice('Cy Refused');
    const eventId: number = b.participant.event.id;
    watch.outboxItem(doneItem(b));
    await check();
    const appointment = {
      id: eventId,
      title: 'Checkup - Cy Refused',
      start: b.start_time,
      end: b.end_time,
      people: [],
    } as unknown as AgendaItem;
    const begin = new Date(Date.parse(b.start_time) - 3_600_000).toISOString();
    const end = new Date(Date.parse(b.start_time) + 3_600_000).toISOString();
    expect(watch.annotate([appointment], begin, end)[0]!.booking?.state).toBe('pending');

    time.advance(SETTLE_MS);
    expect(timers.waits()).toEqual([1000]);
    // The schedule's change poll hears first that the service removed the appointment: it is not taken off while
    // the booking is pending, and the service is asked about the booking at once.
    const early = watch.annotateChanges({ items: [], removedIds: [eventId], full: false, fetchedAt: 0 }, begin, end);
    expect(early.removedIds).toEqual([]);
    expect(timers.waits()).toEqual([0]);
    await check();
    expect(last()).toEqual([{ id: b.id, eventId, name: 'Cy Refused', state: 'failed', reason: REFUSED_REASON }]);
    expect(timers.waits()).toEqual([]);
    expect((await api.get('/v1/event', { id: eventId })).body.is_deleted, 'the service removed it').toBe(true);

    // The schedule's next read no longer has it, and the change poll says it was removed: it stays, marked.
    expect(watch.annotate([], begin, end)).toEqual([
      { ...appointment, booking: { id: b.id, eventId, name: 'Cy Refused', state: 'failed', reason: REFUSED_REASON } },
    ]);
    const changes = watch.annotateChanges({ items: [], removedIds: [eventId], full: false, fetchedAt: 0 }, begin, end);
    expect(changes.removedIds).toEqual([]);
    expect(changes.items.map((i) => i.booking?.state)).toEqual(['failed']);
    expect(watch.refusedCopy(eventId)?.title).toBe('Checkup - Cy Refused');

    expect(watch.dismiss(b.id)).toEqual([]);
    expect(watch.annotate([], begin, end)).toEqual([]);
    expect(last()).toEqual([]);
  });

  it('picks up the account’s bookings still waiting (made elsewhere, or before a restart); none waiting: no asking', async () => {
    // Every booking of the tests before has settled by now: nothing is picked up, and nothing is asked again.
    time.advance(SETTLE_MS);
    await watch.followPending();
    expect(sent).toEqual([]);
    expect(timers.waits()).toEqual([]);

    const b = await bookDevice('Eve Elsewhere');
    await watch.followPending();
    expect(last()).toEqual([
      { id: b.id, eventId: b.participant.event.id, name: 'Eve Elsewhere', state: 'pending', reason: null },
    ]);
    expect(timers.waits()).toEqual([1000]);
    time.advance(SETTLE_MS);
    await check();
    expect(last()[0]?.state).toBe('booked');
    expect(timers.waits()).toEqual([]);

    // Without leave to see bookings (a sign-in that did not grant it): nothing to follow, and no failure.
    const narrow = new BookingWatch({
      service: tokenClient(api.sb.url, () => calendarsOnly),
      clock: timers.clock,
      events: new EventBus(),
      session: new SessionEvents(),
      account: () => account,
      log: quietLogger(),
    });
    await bookDevice('Gil Unseen');
    await expect(narrow.followPending()).resolves.toBeUndefined();
    expect(narrow.list()).toEqual([]);

    // Signed out: nothing is read or followed.
    account = null;
    watch.accountChanged();
    await bookDevice('Fay Later');
    await watch.followPending();
    expect(last()).toEqual([]);
    expect(timers.waits()).toEqual([]);
  });

  it('forgets the bookings of an account that signed out', async () => {
    const b = await bookDevice('Di Leaves');
    watch.saw({ id: b.id, state: 'pending', eventId: b.participant.event.id, name: b.name });
    account = null;
    watch.accountChanged();
    expect(last()).toEqual([]);
    expect(timers.waits()).toEqual([]);
    expect(watch.list()).toEqual([]);
  });
});
