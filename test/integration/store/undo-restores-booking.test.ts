/**
 * Undo after a cancellation that was already sent makes the appointment again under a new id (the service cannot
 * restore one). The appointment made again names the one it stands for (`RESTORES_KEY`), and core's store sends the
 * booking that made the cancelled one to it: the Bookings row reads the appointment's time, standing — at once when
 * the change is sent here, and at another desk from the appointment as the service has it.
 */
import { describe, expect, it } from 'vitest';
import { RESTORES_KEY, restoresValue, type BookingSummary, type StoreChange } from '../../../common/contract';
import { call, goOffline, goOnline, ownerGet, signedInCore, useBootstrap, waitForOp } from '../../support/bootstrap';
import type { MadeCore } from '../../support/auth-fixture';
import { waitFor } from '../../support/wait';

const kit = useBootstrap({ sandbox: { contacts: 40, events: 200 }, readAhead: false });

type ServiceBooking = {
  id: number;
  state: string;
  participant: {
    event: { id: number; start_time: string; end_time: string; participants?: { normalized_phone?: string }[] };
  } | null;
};

/** A booked appointment a day or more ahead, as the service has it. */
async function futureBooking(skip: ReadonlySet<number> = new Set()): Promise<ServiceBooking> {
  const { body } = await ownerGet<{ bookings: ServiceBooking[] }>(kit.sb, '/v1/bookings', { page_size: 200 });
  const found = body.bookings.find(
    (b) =>
      b.state === 'complete' &&
      !skip.has(b.id) &&
      b.participant?.event &&
      Date.parse(b.participant.event.start_time) > Date.now() + 86_400_000,
  );
  if (!found) throw new Error('the seed has no booking a day ahead');
  return found;
}

/** The booking as the Bookings screen lists it now. */
async function listed(id: number, at: MadeCore = kit.made): Promise<BookingSummary> {
  for (let page = 1; page < 100; page++) {
    const list = await call(at, 'bookings:list', { page });
    const hit = list.items.find((b) => b.id === id);
    if (hit) return hit;
    if (!list.more) break;
  }
  throw new Error(`booking ${id} is not listed`);
}

type Appointment = Awaited<ReturnType<typeof call<'calendar:event'>>>;

/** Cancels an appointment and waits until it was sent. */
async function cancelSent(before: Appointment): Promise<void> {
  const cancel = await call(kit.made, 'calendar:cancel', { id: before.id, startsAt: before.start });
  await waitForOp(kit.made, cancel.id);
}

/** Makes a cancelled appointment again as the schedule's Undo does once the cancellation was sent; the new id. */
async function undoSent(before: Appointment): Promise<number> {
  const eventId = before.id;
  const again = await call(kit.made, 'calendar:create', {
    calendarId: before.calendarId!,
    title: before.title,
    start: before.start,
    end: before.end,
    participants: before.people.map((p) => ({ name: p.name, ...(p.phone ? { phone: p.phone } : {}) })),
    // As the schedule's Undo names it: the one it stands for, then those that one stood for.
    customData: {
      [RESTORES_KEY]: restoresValue(eventId, before.customData?.find((c) => c.key === RESTORES_KEY)?.value),
    },
  });
  return (await waitForOp(kit.made, again.id)).result!.id!;
}

/** Cancels an appointment, waits until it was sent, then makes it again as Undo does; the new id. */
async function cancelThenUndo(eventId: number): Promise<number> {
  const before = await call(kit.made, 'calendar:event', { id: eventId });
  await cancelSent(before);
  return undoSent(before);
}

const used = new Set<number>();

describe('undo of a sent cancellation', () => {
  it('sends the booking to the appointment made again, here and at another desk', async () => {
    const b = await futureBooking();
    used.add(b.id);
    const eventId = b.participant!.event.id;
    const before = await call(kit.made, 'calendar:event', { id: eventId });
    await listed(b.id); // known to the store
    const pushes: StoreChange[] = [];
    const stop = kit.made.core.events.attach((channel, payload) => {
      if (channel === 'store:changed') pushes.push(payload as StoreChange);
    });

    await cancelSent(before);
    await waitFor(
      () => pushes.flatMap((c) => c.bookings).findLast((x) => x.id === b.id)?.appointment?.state === 'cancelled',
    );

    // Undo, as the schedule does it once the cancellation was sent: the same appointment made again, named.
    const madeId = await undoSent(before);
    expect(madeId).not.toBe(eventId);

    // Told at once, before anything is read again.
    const told = await waitFor(
      () => pushes.flatMap((c) => c.bookings).findLast((x) => x.id === b.id && x.appointment?.id === madeId) ?? null,
      { what: 'the booking to follow the appointment made again' },
    );
    expect(told.appointment?.state).toBe('standing');
    expect(Date.parse(told.start!)).toBe(Date.parse(before.start));
    stop();
    expect((await listed(b.id)).appointment).toMatchObject({ id: madeId, state: 'standing' });

    // Another desk (its own data folder, nothing kept from this one) learns the link from the appointment as the
    // service has it.
    const other = await signedInCore(kit.sb, { readAhead: false });
    try {
      await other.core.store.ready();
      await call(other, 'calendar:range', {
        begin: new Date(Date.parse(before.start) - 3600_000).toISOString(),
        end: new Date(Date.parse(before.start) + 3600_000).toISOString(),
      });
      expect(other.dir).not.toBe(kit.made.dir);
      expect((await listed(b.id, other)).appointment).toMatchObject({ id: madeId, state: 'standing' });
    } finally {
      await other.cleanup();
    }
  });

  it('another desk follows a booking through an Undo of an Undo (the appointment between is gone)', async () => {
    const b = await futureBooking(used);
    used.add(b.id);
    const first = b.participant!.event.id;
    await listed(b.id);
    const between = await cancelThenUndo(first);
    const last = await cancelThenUndo(between);
    const at = await call(kit.made, 'calendar:event', { id: last });
    expect(at.customData?.find((c) => c.key === RESTORES_KEY)?.value).toBe(`${between},${first}`);

    const other = await signedInCore(kit.sb, { readAhead: false });
    try {
      await other.core.store.ready();
      await call(other, 'calendar:range', {
        begin: new Date(Date.parse(at.start) - 3600_000).toISOString(),
        end: new Date(Date.parse(at.start) + 3600_000).toISOString(),
      });
      expect((await listed(b.id, other)).appointment).toMatchObject({ id: last, state: 'standing' });
    } finally {
      await other.cleanup();
    }
  });

  it('a contact’s history saved before the Undo shows the appointment made again, offline and after a restart', async () => {
    const b = await futureBooking(used);
    used.add(b.id);
    const eventId = b.participant!.event.id;
    const phone = (
      await ownerGet<{ participants: { normalized_phone: string }[] }>(kit.sb, '/v1/event', { id: eventId })
    ).body.participants[0]!.normalized_phone;
    const ids = async () => {
      const h = await call(kit.made, 'contacts:history', { phones: [phone], emails: [] });
      return { source: h.source, upcoming: h.upcoming.map((a) => a.id), past: h.past.map((a) => a.id) };
    };
    expect((await ids()).upcoming).toContain(eventId);

    const madeId = await cancelThenUndo(eventId);
    await goOffline(kit.sb, kit.made);
    try {
      const offline = await ids();
      expect(offline.source).not.toBe('service');
      expect(offline.upcoming).toContain(madeId);
      expect([...offline.upcoming, ...offline.past]).not.toContain(eventId);

      // A reopened app, still without the service: the link was kept with the store.
      const other = await kit.restart();
      await other.core.store.ready();
      const reopened = await ids();
      expect(reopened.upcoming).toContain(madeId);
      expect([...reopened.upcoming, ...reopened.past]).not.toContain(eventId);
      expect(reopened.upcoming.filter((id) => id === madeId)).toHaveLength(1);
    } finally {
      await goOnline(kit.sb, kit.made);
    }
  });
});
