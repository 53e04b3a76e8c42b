/**
 * Booking offline from the free times saved at sign-in, through the booking store on the real core
 * and sandbox: the saved times are offered marked with when they were read; the booking is queued; when it is sent
 * and its time went meanwhile, the nearest free times are offered and one click books one of them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toBookingInput } from '../../../renderer/stores/booking-input';
import type * as BookingStoreModule from '../../../renderer/stores/booking-store';
import { admin } from '../../support/auth-fixture';
import { useRendererOnCore } from '../../support/bootstrap';
import { waitFor } from '../../support/wait';

const PAGE = 'lakeside-dental-cleaning';
const DAY = 86_400_000;

let booking: typeof BookingStoreModule.useBookingStore;
let unwire: () => void;

const run = useRendererOnCore();

beforeAll(async () => {
  const mod: typeof BookingStoreModule = await import('../../../renderer/stores/booking-store');
  booking = mod.useBookingStore;
  unwire = mod.wireBookingEvents();
  await waitFor(() => run.made.core.prefetch.lastRun()?.failed.length === 0, { what: 'the read ahead' });
}, 30_000);

afterAll(async () => {
  unwire();
  booking.getState().clear();
});

/** Books `time` on the cleaning page at the sandbox directly, as another desk or the web page would. */
async function bookElsewhere(time: string, name: string): Promise<void> {
  const owner = run.sandbox.users.find((u) => u.email === 'owner@frontdesk.test')!;
  const res = await fetch(`${run.sandbox.url}/v1/book_now`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${owner.email}:${owner.apiKey}`).toString('base64')}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ booking_page: PAGE, time, name, phone_number: '+13125550150' }),
  });
  expect(res.status).toBe(200);
}

async function bookingsNamed(name: string): Promise<{ state: string; start_time: string }[]> {
  const owner = run.sandbox.users.find((u) => u.email === 'owner@frontdesk.test')!;
  const res = await fetch(`${run.sandbox.url}/v1/bookings?booking_page=${PAGE}&page_size=1000`, {
    headers: { authorization: `Basic ${Buffer.from(`${owner.email}:${owner.apiKey}`).toString('base64')}` },
  });
  const { bookings } = (await res.json()) as { bookings: { name: string; state: string; start_time: string }[] };
  return bookings.filter((b) => b.name === name);
}

describe('offline booking from saved free times', () => {
  it('queues a booking at a saved time; when that time went meanwhile, one click books the nearest free one', async () => {
    // The first free time of the saved fortnight, then taken elsewhere: the saved copy does not know.
    const live = await window.frontdesk!.invoke['bookings:availability']({
      page: PAGE,
      begin: new Date(Date.now() + DAY).toISOString(),
      end: new Date(Date.now() + 10 * DAY).toISOString(),
    });
    if (!live.ok) throw new Error(live.error.message);
    const taken = live.value[0]!;
    await bookElsewhere(taken.time, 'Other Desk');
    // What is free once it is taken (its neighbours that overlap it went with it).
    const left = await window.frontdesk!.invoke['bookings:availability']({
      page: PAGE,
      begin: new Date(Date.now() + DAY).toISOString(),
      end: new Date(Date.now() + 10 * DAY).toISOString(),
    });
    if (!left.ok) throw new Error(left.error.message);

    await admin(run.sandbox).faults({ offline: true });
    await waitFor(() => run.made.core.connectivity.current().state === 'offline', { what: 'offline' });
    booking.getState().clear();
    await booking.getState().loadPages();
    booking.getState().update({ page: PAGE, appointmentType: 'cleaning', day: taken.time.slice(0, 10) });
    const slots = await waitFor(() => booking.getState().slots);
    const saved = slots.find((s) => s.start === taken.start);
    expect(saved, 'the saved copy still offers the time taken since').toBeDefined();
    expect(slots.every((s) => typeof s.asOf === 'number')).toBe(true);

    booking.getState().update({ slot: saved!, name: 'Tamsin Offline', phone: '(312) 555-0193' });
    const page = booking.getState().pages.find((p) => p.slug === PAGE)!;
    await booking.getState().submit(toBookingInput(booking.getState().form, page));
    expect(booking.getState().result?.status).toBe('queued');

    // Back online: the service refuses the gone time; the nearest free times are offered.
    const before = await admin(run.sandbox).stats();
    await admin(run.sandbox).clearFaults();
    await waitFor(() => (booking.getState().result?.status === 'needs_attention' ? true : null), {
      what: 'the refusal',
      timeoutMs: 15_000,
    });
    await booking.getState().loadNearest(booking.getState().result!.id);
    const nearest = booking.getState().nearest!.slots;
    expect(nearest.length).toBeGreaterThan(0);
    expect(nearest.map((s) => s.start)).not.toContain(taken.start);
    // Nearest first in time order, and no further from the refused time than any other free time on its day.
    const distance = (s: { start: string }) => Math.abs(Date.parse(s.start) - Date.parse(taken.start));
    const sameDay = left.value.filter((s) => s.time.slice(0, 10) === taken.time.slice(0, 10));
    expect(sameDay.map((s) => s.start)).not.toContain(taken.start);
    expect(Math.min(...nearest.map(distance))).toBeLessThanOrEqual(Math.min(...sameDay.map(distance)));

    // One click: booked at the nearest time, once.
    const choice = nearest[0]!;
    await booking.getState().bookNearest(choice);
    const done = await waitFor(
      () => (booking.getState().result?.status === 'done' ? booking.getState().result : null),
      {
        what: 'the booking at the nearest time',
        timeoutMs: 15_000,
      },
    );
    expect(done.appointmentAt).toBe(Date.parse(choice.start));
    const after = await admin(run.sandbox).stats();
    expect((after.bookingsCreated ?? 0) - (before.bookingsCreated ?? 0)).toBe(1);
    const made = await bookingsNamed('Tamsin Offline');
    expect(made.filter((b) => b.state === 'complete').map((b) => Date.parse(b.start_time))).toEqual([
      Date.parse(choice.start),
    ]);
  }, 60_000);

  it('offers the nearest times of the same provider, not another provider free at the gone time', async () => {
    const fd = window.frontdesk!;
    const pages = await fd.invoke['bookings:pages']();
    if (!pages.ok) throw new Error(pages.error.message);
    const dental = pages.value.find((p) => p.slug === 'lakeside-dental')!;
    const type = dental.types.find((t) => t.key === 'new-patient')!;
    const okafor = type.providers.find((p) => p.name.includes('Okafor'))!;
    const other = type.providers.find((p) => p.id !== okafor.id)!;
    const live = await fd.invoke['bookings:availability']({
      page: dental.slug,
      appointmentType: type.key,
      begin: new Date(Date.now() + DAY).toISOString(),
      end: new Date(Date.now() + 10 * DAY).toISOString(),
    });
    if (!live.ok) throw new Error(live.error.message);
    // A time both are free at: another desk then books it with Dr. Okafor.
    const both = live.value.find((s) => s.providers.includes(okafor.id) && s.providers.includes(other.id))!;
    const form = {
      zip: '60601',
      insurance: dental.fields.find((f) => f.key === 'insurance')!.options[0]!,
    };
    // Another desk puts a visit on Dr. Okafor's calendar at that time (the service's book_now names no provider).
    const owner = run.sandbox.users.find((u) => u.email === 'owner@frontdesk.test')!;
    const res = await fetch(`${run.sandbox.url}/v1/events`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${owner.email}:${owner.apiKey}`).toString('base64')}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        events: [
          {
            calendar_id: okafor.id,
            title: 'New patient exam - Other Desk',
            start_time: both.start,
            end_time: both.end,
            participants: [{ name: 'Other Desk', phone: '+13125550151' }],
          },
        ],
      }),
    });
    expect(res.status).toBe(200);

    const item = await fd.invoke['bookings:book']({
      page: dental.slug,
      appointmentType: type.key,
      provider: okafor.id,
      time: both.time.slice(0, 16),
      startsAt: both.start,
      name: 'Ulla Provider',
      phone: '(312) 555-0195',
      email: 'ulla.provider@example.test',
      fieldData: form,
      optedIntoTextMessaging: false,
      optedIntoMarketing: false,
    });
    if (!item.ok) throw new Error(item.error.message);
    await waitFor(() => run.made.core.outbox.get().get(item.value.id)?.status === 'needs_attention', {
      what: 'the refusal',
      timeoutMs: 15_000,
    });
    const nearest = await fd.invoke['bookings:nearest']({ id: item.value.id });
    if (!nearest.ok) throw new Error(nearest.error.message);
    // The other provider is still free at that very time, but the caller is to see Dr. Okafor.
    expect(nearest.value.length).toBeGreaterThan(0);
    expect(nearest.value.map((s) => s.start)).not.toContain(both.start);
    expect(nearest.value.every((s) => s.providers.includes(okafor.id))).toBe(true);
  }, 60_000);

  it('offers nothing when the refused booking’s own time is still free (another time would not help)', async () => {
    const result = booking.getState().result!;
    // The booking just made is done; its own time is not free any more, so ask for a fresh refusal instead.
    const free = await window.frontdesk!.invoke['bookings:availability']({
      page: PAGE,
      begin: new Date(Date.now() + 2 * DAY).toISOString(),
      end: new Date(Date.now() + 10 * DAY).toISOString(),
    });
    if (!free.ok) throw new Error(free.error.message);
    const slot = free.value[0]!;
    booking.getState().startOver();
    // No name, which the page requires: refused, and the time stays free.
    booking.getState().update({ slot, name: '', phone: '(312) 555-0194' });
    const page = booking.getState().pages.find((p) => p.slug === PAGE)!;
    await booking.getState().submit(toBookingInput(booking.getState().form, page));
    expect(result.id).not.toBe(booking.getState().result?.id);
    await waitFor(() => (booking.getState().result?.status === 'needs_attention' ? true : null), {
      what: 'the refusal',
      timeoutMs: 15_000,
    });
    await booking.getState().loadNearest(booking.getState().result!.id);
    expect(booking.getState().nearest).toEqual({ id: booking.getState().result!.id, slots: [] });
  }, 60_000);
});
