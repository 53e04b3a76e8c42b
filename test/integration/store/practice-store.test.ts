/**
 * Core's one store of the practice, on the real sandbox: fed by reads, by what changed at the service, and by the
 * outbox (a change shown at once, taken back when withdrawn, written in when sent); a booking moves and is cancelled
 * with its appointment; kept for a start without the service; another account's sign-in starts from nothing.
 */
import { describe, expect, it } from 'vitest';
import type { BookingSummary, StoreChange } from '../../../common/contract';
import { signInAs } from '../../support/auth-fixture';
import { call, goOffline, goOnline, moveElsewhere, ownerGet, useBootstrap, waitForOp } from '../../support/bootstrap';
import { waitFor } from '../../support/wait';

const kit = useBootstrap({ sandbox: { contacts: 40, events: 200 }, readAhead: false });

type ServiceBooking = {
  id: number;
  state: string;
  start_time: string;
  participant: { event: { id: number; start_time: string; end_time: string } } | null;
};

/** A booked appointment a day or more ahead, as the service has it. */
async function futureBooking(skip: ReadonlySet<number> = new Set()): Promise<ServiceBooking> {
  const { body } = await ownerGet<{ bookings: ServiceBooking[] }>(kit.sb, '/v1/bookings', { page_size: 200 });
  const found = body.bookings.find(
    (b) =>
      b.state === 'complete' &&
      b.participant?.event &&
      !skip.has(b.id) &&
      Date.parse(b.participant.event.start_time) > Date.now() + 86_400_000,
  );
  if (!found) throw new Error('the seed has no booking a day ahead');
  return found;
}

/** Every `store:changed` core sends from now on. */
function listen(): { changes: StoreChange[]; stop(): void } {
  const changes: StoreChange[] = [];
  const stop = kit.made.core.events.attach((channel, payload) => {
    if (channel === 'store:changed') changes.push(payload as StoreChange);
  });
  return { changes, stop };
}

/** The booking as the Bookings screen lists it now. */
async function listed(id: number): Promise<BookingSummary> {
  for (let page = 1; page < 100; page++) {
    const list = await call(kit.made, 'bookings:list', { page });
    const hit = list.items.find((b) => b.id === id);
    if (hit) return hit;
    if (!list.more) break;
  }
  throw new Error(`booking ${id} is not listed`);
}

/** The last time a pushed change said something of this booking. */
const lastPushed = (changes: StoreChange[], id: number) =>
  changes.flatMap((c) => c.bookings).findLast((b) => b.id === id) ?? null;

const later = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();

describe('the practice store', () => {
  it('moves a booking with its appointment: shown at once, taken back, written in when sent', async () => {
    const b = await futureBooking();
    const event = b.participant!.event;
    const shown = await listed(b.id);
    expect(shown.eventId).toBe(event.id);
    expect(Date.parse(shown.start!)).toBe(Date.parse(event.start_time));
    expect(shown.appointment?.state).toBe('standing');

    const pushes = listen();
    await goOffline(kit.sb, kit.made);
    const start = later(event.start_time, 2 * 3600_000);
    const end = later(event.end_time, 2 * 3600_000);
    const move = await call(kit.made, 'calendar:update', { id: event.id, changes: { start, end }, startsAt: start });
    // Applied at once, marked as on its way: pushed, and listed so from the saved list.
    expect(lastPushed(pushes.changes, b.id)).toMatchObject({ start, appointment: { state: 'changing' } });
    expect(await listed(b.id)).toMatchObject({ start, appointment: { id: event.id, state: 'changing' } });

    // Taken back before it was sent: the booking is at its time again.
    expect(await call(kit.made, 'calendar:withdraw', { id: move.id })).toEqual({ withdrawn: true });
    expect(Date.parse(lastPushed(pushes.changes, b.id)!.start!)).toBe(Date.parse(event.start_time));
    expect(lastPushed(pushes.changes, b.id)!.appointment?.state).toBe('standing');

    // Sent: written into the store's record, and the service's own answer agrees.
    const again = await call(kit.made, 'calendar:update', { id: event.id, changes: { start, end }, startsAt: start });
    await goOnline(kit.sb, kit.made);
    await waitForOp(kit.made, again.id);
    await waitFor(() => lastPushed(pushes.changes, b.id)?.appointment?.state === 'standing', {
      what: 'the sent move to be told',
    });
    expect(Date.parse(lastPushed(pushes.changes, b.id)!.start!)).toBe(Date.parse(start));
    const fresh = await listed(b.id);
    expect(Date.parse(fresh.start!)).toBe(Date.parse(start));
    expect(fresh.appointment?.state).toBe('standing');
    pushes.stop();
  });

  it('writes a sent mark into its record: told as marked the moment the service has it, not as unmarked', async () => {
    const now = Date.now();
    const agenda = await call(kit.made, 'calendar:range', {
      begin: new Date(now + 86_400_000).toISOString(),
      end: new Date(now + 8 * 86_400_000).toISOString(),
    });
    const items = agenda.items.filter((i) => i.id > 0 && i.people.length > 0 && i.people.every((p) => !p.checkIn));
    const [checkIn, answer] = items;
    const pushes = listen();
    const marks = [
      await call(kit.made, 'calendar:mark', { eventId: checkIn!.id, state: 'noshow', startsAt: checkIn!.start }),
      await call(kit.made, 'calendar:mark', {
        eventId: answer!.id,
        state: 'needs_reschedule',
        startsAt: answer!.start,
      }),
    ];
    for (const op of marks) await waitForOp(kit.made, op.id);
    await waitFor(() => pushes.changes.some((c) => c.appointments.some((a) => a.id === answer!.id && !a.pendingMark)), {
      what: 'the store to tell the sent mark',
    });
    pushes.stop();
    // Every time the store told them after the mark was sent, they read as marked (no flicker back to unmarked).
    const told = (id: number) =>
      pushes.changes.flatMap((c) => c.appointments).filter((a) => a.id === id && !a.pendingMark);
    expect(told(checkIn!.id).length).toBeGreaterThan(0);
    for (const a of told(checkIn!.id)) expect(a.people.map((p) => p.checkIn)).toEqual(a.people.map(() => 'noshow'));
    for (const a of told(answer!.id))
      expect(a.people.map((p) => p.state)).toEqual(a.people.map(() => 'not_coming_needs_reschedule'));
  });

  it('follows an appointment changed at another desk (a delta) and a cancellation, then starts from its copy offline', async () => {
    const b = await futureBooking(new Set([(await futureBooking()).id]));
    const event = b.participant!.event;
    await listed(b.id); // known to the store
    const range = { begin: later(event.start_time, -86_400_000), end: later(event.start_time, 86_400_000) };
    await call(kit.made, 'calendar:range', range);
    const pushes = listen();

    // Another desk moves it: the poller's delta moves the booking.
    const since = new Date(Date.now() - 1000).toISOString();
    const start = later(event.start_time, 3600_000);
    const end = later(event.end_time, 3600_000);
    expect(await moveElsewhere(kit.sb, event.id, start, end)).toBe(200);
    await call(kit.made, 'calendar:changes', { ...range, since });
    expect(Date.parse(lastPushed(pushes.changes, b.id)!.start!)).toBe(Date.parse(start));

    // Cancelled here: cancelling at once, cancelled once sent.
    const cancel = await call(kit.made, 'calendar:cancel', { id: event.id, startsAt: start });
    expect(lastPushed(pushes.changes, b.id)?.appointment?.state).toMatch(/cancelling|cancelled/);
    await waitForOp(kit.made, cancel.id);
    await waitFor(() => lastPushed(pushes.changes, b.id)?.appointment?.state === 'cancelled', {
      what: 'the cancellation to be told',
    });
    expect(pushes.changes.some((c) => c.removedAppointments.includes(event.id))).toBe(true);
    expect((await listed(b.id)).appointment?.state).toBe('cancelled');
    pushes.stop();

    // A start without the service: the kept store still knows the booking's appointment is cancelled.
    await goOffline(kit.sb, kit.made);
    const made = await kit.restart();
    await made.core.store.ready();
    const list = await call(made, 'bookings:list', { page: 1 });
    expect(list.source).toBe('cache');
    const kept = made.core.store.bookings([bookingOf(b)])[0]!;
    expect(kept.appointment?.state).toBe('cancelled');
    await goOnline(kit.sb, made);
  });

  it('shows another account nothing of the first', async () => {
    const made = kit.made;
    await call(made, 'bookings:list', { page: 1 });
    expect(made.core.store.counts().bookings).toBeGreaterThan(0);
    await made.core.auth.signOut();
    expect(made.core.store.counts()).toEqual({ appointments: 0, bookings: 0, contacts: 0 });
    await signInAs(made, 'staff@frontdesk.test');
    await made.core.store.ready();
    expect(made.core.store.counts()).toEqual({ appointments: 0, bookings: 0, contacts: 0 });
  });
});

/** A service booking in the list's shape, enough for the store to find its appointment. */
function bookingOf(b: ServiceBooking): BookingSummary {
  return {
    id: b.id,
    state: 'booked',
    name: '',
    phone: '',
    email: '',
    start: b.start_time,
    end: null,
    createdAt: null,
    page: '',
    appointmentType: '',
    title: null,
    calendarName: null,
    eventId: b.participant?.event.id ?? null,
  };
}
