/**
 * A device-backed booking settles on the schedule by itself, through the renderer's stores on the
 * real core and sandbox: booked on the satellite page, its appointment shows "waiting for the office system"; when the
 * practice's calendar system answers, core's event moves it to booked — or, refused, to "not booked" with the
 * reason, staying on the schedule (though the service removed it) until dismissed. No reload in between. Core and
 * the sandbox share a controlled clock: the booking settles only when the test moves time on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgendaItem, SlotView } from '../../../common/contract';
import type { useCalendarStore as CalendarStore } from '../../../renderer/stores/calendar-store';
import type * as Settling from '../../../renderer/stores/settling-store';
import { admin } from '../../support/auth-fixture';
import { fakeClock } from '../../support/fake-clock';
import { useRendererOnCore } from '../../support/bootstrap';
import { waitFor } from '../../support/wait';

const PAGE = 'lakeside-dental-satellite';
const SETTLE_MS = 600_000;
const clock = fakeClock();

let calendar: typeof CalendarStore;
let settling: typeof Settling;
let unwire: () => void;

const run = useRendererOnCore('owner@frontdesk.test', {
  clock,
  sandbox: { now: clock.date, deviceSettleMs: SETTLE_MS },
});

beforeAll(async () => {
  ({ useCalendarStore: calendar } = await import('../../../renderer/stores/calendar-store'));
  settling = await import('../../../renderer/stores/settling-store');
  unwire = settling.wireSettlingEvents();
  await calendar.getState().loadCalendars();
}, 30_000);

afterAll(async () => {
  unwire();
  calendar.getState().clear();
});

const fd = () => window.frontdesk!;
let slots: SlotView[] = [];

/** Books the satellite page's next free time for `name`; returns the slot. */
async function book(name: string): Promise<SlotView> {
  if (slots.length === 0) {
    const free = await fd().invoke['bookings:availability']({
      page: PAGE,
      begin: new Date(clock.now() + 86_400_000).toISOString(),
      end: new Date(clock.now() + 8 * 86_400_000).toISOString(),
    });
    if (!free.ok) throw new Error(free.error.message);
    slots = free.value;
  }
  const slot = slots.shift()!;
  const queued = await fd().invoke['bookings:book']({
    page: PAGE,
    time: slot.time,
    startsAt: slot.start,
    name,
    phone: '(303) 555-0166',
    email: '',
    fieldData: {},
  });
  if (!queued.ok) throw new Error(queued.error.message);
  // Sent, answered "pending", and followed by core with its appointment known.
  const before = new Set(Object.keys(settling.useSettlingStore.getState().bookings));
  await waitFor(
    () =>
      Object.values(settling.useSettlingStore.getState().bookings).some(
        (b) => !before.has(String(b.id)) && b.eventId !== null,
      ),
    { what: `core following ${name}'s booking` },
  );
  return slot;
}

/** The schedule's appointment for `name` once it carries a booking state `state`. */
function appointmentOf(name: string, state: string): Promise<AgendaItem> {
  return waitFor(
    () => calendar.getState().items.find((i) => i.title.includes(name) && i.booking?.state === state) ?? null,
    { what: `${name}'s appointment ${state}` },
  );
}

/** Shows the slot's day (practice zone) and waits for its read. */
async function showDayOf(slot: SlotView): Promise<void> {
  const { dayKey, practiceZone } = await import('../../../renderer/lib/practice-time');
  const day = dayKey(slot.start, practiceZone());
  if (calendar.getState().anchor === day) await calendar.getState().load();
  else calendar.getState().goTo(day);
  await waitFor(() => !calendar.getState().loading && calendar.getState().source?.source === 'service', {
    what: 'the day read',
  });
}

describe('a device-backed booking on the schedule', () => {
  it('shows "waiting for the office system", then "booked" by itself', async () => {
    const slot = await book('Ada Settles');
    await showDayOf(slot);
    const waiting = await appointmentOf('Ada Settles', 'pending');
    expect(waiting.booking?.reason).toBeNull();

    clock.advance(SETTLE_MS);
    const booked = await appointmentOf('Ada Settles', 'booked');
    expect(booked.id).toBe(waiting.id);
    const detail = await fd().invoke['calendar:event']({ id: waiting.id });
    expect(detail.ok && detail.value.booking?.state).toBe('booked');
  });

  it('refused: "not booked" with the reason, kept on the schedule though the service removed it, until dismissed', async () => {
    await admin(run.sandbox).deviceRefusals(1);
    const slot = await book('Bo Refused');
    await showDayOf(slot);
    const waiting = await appointmentOf('Bo Refused', 'pending');

    clock.advance(SETTLE_MS);
    const refused = await appointmentOf('Bo Refused', 'failed');
    expect(refused.booking?.reason).toBe('refused');

    // A fresh read of the day: the service no longer has it, the schedule still says what became of it.
    await calendar.getState().load();
    expect(calendar.getState().items.find((i) => i.id === waiting.id)?.booking?.state).toBe('failed');

    await settling.dismissBooking(refused.booking!.id);
    expect(calendar.getState().items.some((i) => i.id === waiting.id)).toBe(false);
    await calendar.getState().load();
    expect(calendar.getState().items.some((i) => i.id === waiting.id)).toBe(false);
  });
});
