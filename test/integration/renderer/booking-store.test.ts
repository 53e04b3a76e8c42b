/**
 * The booking store on the real core and sandbox (no mocked bridge or fetch): a receptionist picks a page, a day
 * with free times and a time, books the caller, and sees it confirmed; booking the same time again is refused in
 * plain words and the form keeps what was typed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toBookingInput } from '../../../renderer/stores/booking-input';
import { validateBooking } from '../../../renderer/features/bookings/booking-validation';
import type * as BookingStoreModule from '../../../renderer/stores/booking-store';
import { admin } from '../../support/auth-fixture';
import { useRendererOnCore } from '../../support/bootstrap';
import { waitFor } from '../../support/wait';

let booking: typeof BookingStoreModule.useBookingStore;
let unwire: () => void;

const run = useRendererOnCore();

beforeAll(async () => {
  // The store reads window.frontdesk when it loads: import it once it exists.
  const mod: typeof BookingStoreModule = await import('../../../renderer/stores/booking-store');
  booking = mod.useBookingStore;
  unwire = mod.wireBookingEvents();
}, 30_000);

afterAll(async () => {
  unwire();
  booking.getState().clear();
});

/** Moves the form's day forward until the chosen page offers free times (two weeks at most). */
async function firstDayWithTimes(): Promise<void> {
  for (let i = 0; i < 14; i++) {
    const day = new Date(Date.now() + i * 86_400_000).toISOString().slice(0, 10);
    booking.getState().update({ day });
    const slots = await waitFor(() => booking.getState().slots);
    if (slots.length > 0) return;
  }
  throw new Error('no free times in the next two weeks');
}

/** Fills what the page asks for, as a receptionist would. */
function fillCaller(name: string): void {
  const page = booking.getState().pages.find((p) => p.slug === booking.getState().form.page)!;
  const fieldData: Record<string, string | boolean> = {};
  for (const f of page.fields)
    if (f.required)
      fieldData[f.key] = f.type === 'checkbox' ? true : (f.options?.[0] ?? (f.type === 'number' ? '1' : 'x'));
  booking.getState().update({
    name,
    phone: '(312) 555-0177',
    email: 'quinn.caller@example.test',
    fieldData,
    textMessaging: page.consent.textMessaging ? true : null,
    marketing: page.consent.marketing ? false : null,
  });
}

describe('booking store', () => {
  it('books a caller at a free time and follows the booking until the service confirms it', async () => {
    await booking.getState().loadPages();
    expect(booking.getState().pagesError).toBeNull();
    expect(booking.getState().pages.length).toBeGreaterThan(0);
    expect(booking.getState().form.page).not.toBe('');

    await firstDayWithTimes();
    const slot = booking.getState().slots![0]!;
    booking.getState().update({ slot });
    fillCaller('Quinn Caller');
    const page = booking.getState().pages.find((p) => p.slug === booking.getState().form.page);
    expect(validateBooking(booking.getState().form, page)).toEqual({});

    await booking.getState().submit(toBookingInput(booking.getState().form, page!));
    expect(booking.getState().submitError).toBeNull();
    const done = await waitFor(() => {
      const result = booking.getState().result;
      return result && result.status !== 'queued' && result.status !== 'sending' ? result : null;
    });
    expect(done.status).toBe('done');
    expect(done.kind).toBe('booking.book_now');

    // The time is gone from the free times now.
    await booking.getState().loadSlots();
    const after = await waitFor(() => booking.getState().slots);
    expect(after.map((s) => s.start)).not.toContain(slot.start);
  });

  it('the same time booked again is refused in plain words, and the form keeps what was typed', async () => {
    const first = booking.getState().result!;
    const draft = await window.frontdesk!.invoke['bookings:draft']({ id: first.id });
    if (!draft.ok) throw new Error(draft.error.message);
    booking.getState().startOver();
    fillCaller('Second Caller');
    const page = booking.getState().pages.find((p) => p.slug === booking.getState().form.page)!;
    // The first caller's time, no longer free (as when two desks pick the same time).
    const taken = { time: draft.value.time, start: draft.value.startsAt, end: draft.value.startsAt, providers: [] };
    booking.setState((s) => ({ form: { ...s.form, slot: taken } }));
    await booking.getState().submit(toBookingInput(booking.getState().form, page));
    const refused = await waitFor(() => {
      const result = booking.getState().result;
      return result?.status === 'needs_attention' ? result : null;
    });
    expect(refused.error ?? '').toMatch(/no longer available/i);
    expect(booking.getState().form.name).toBe('Second Caller');
  });

  it('when the network drops, the booking pages and free times come from the copies saved for offline work', async () => {
    const before = booking.getState().pages.map((p) => p.slug);
    await waitFor(() => run.made.core.prefetch.lastRun()?.failed.length === 0, { what: 'the read ahead' });
    await admin(run.sandbox).faults({ offline: true });
    try {
      booking.getState().clear();
      await booking.getState().loadPages();
      expect(booking.getState().pagesError).toBeNull();
      expect(booking.getState().pages.map((p) => p.slug)).toEqual(before);
      await firstDayWithTimes();
      const { slots, slotsError } = booking.getState();
      expect(slotsError).toBeNull();
      // Each saved free time says when it was read: it is confirmed only when the booking is sent.
      expect(slots!.every((s) => typeof s.asOf === 'number' && s.asOf <= Date.now())).toBe(true);
    } finally {
      await admin(run.sandbox).clearFaults();
    }
  });
});
