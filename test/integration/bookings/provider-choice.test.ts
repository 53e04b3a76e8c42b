/**
 * A booking with a named provider, over real HTTP. The service's book_now names no provider, so the choice is made
 * through what the page offers: a type whose only calendar is that provider's goes through book_now and lands there
 * by the service's own rules; where the type has several calendars, the booking is a staff booking, an event on that
 * provider's calendar made after a check that nothing there overlaps, and made once even when its answer is lost.
 * The free times offered with a provider are that provider's.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { BookingInput, BookingPageView, SlotView } from '../../../common/contract';
import { call, ownerGet, useBootstrap, waitForOp } from '../../support/bootstrap';
import { waitFor } from '../../support/wait';

const PAGE = 'lakeside-dental';
const DAY = 86_400_000;
const boot = useBootstrap();

interface Ev {
  id: number;
  calendar_id: number;
  external_id: string | null;
  title: string;
  start_time: string;
  end_time: string;
  is_deleted: boolean;
  show_as: number | null;
  custom_data: Record<string, unknown>;
  participants: { name: string; normalized_phone: string | null }[];
}

let page: BookingPageView;
let hart: number;
let okafor: number;

beforeAll(async () => {
  page = (await call(boot.made, 'bookings:pages')).find((p) => p.slug === PAGE)!;
  const ids = (name: string) => page.types.flatMap((t) => t.providers).find((p) => p.name.includes(name))!.id;
  hart = ids('Hart');
  okafor = ids('Okafor');
});

/** The free times of a type with a provider (or anyone), from tomorrow for a week. */
function times(appointmentType: string, provider?: number): Promise<SlotView[]> {
  return call(boot.made, 'bookings:availability', {
    page: PAGE,
    appointmentType,
    ...(provider ? { provider } : {}),
    begin: new Date(Date.now() + DAY).toISOString(),
    end: new Date(Date.now() + 8 * DAY).toISOString(),
  });
}

/** A caller's booking at `slot`, the page's questions answered. */
function input(slot: SlotView, appointmentType: string, provider: number, name: string, phone: string): BookingInput {
  return {
    page: PAGE,
    appointmentType,
    provider,
    time: slot.time.slice(0, 16),
    startsAt: slot.start,
    name,
    phone,
    email: `${name.split(' ')[0]!.toLowerCase()}@example.test`,
    fieldData: { zip: '60601', insurance: 'Cigna', reason: 'Toothache' },
    optedIntoTextMessaging: true,
    optedIntoMarketing: false,
  };
}

/** Every live event (the sandbox's ground truth) between two instants. */
async function eventsBetween(from: number, to: number): Promise<Ev[]> {
  const all: Ev[] = [];
  for (let p = 1; ; p++) {
    const { body } = await ownerGet<{ events: Ev[] }>(boot.sb, '/v1/events', {
      begin: new Date(from).toISOString(),
      end: new Date(to).toISOString(),
      page: p,
      page_size: 500,
    });
    if (body.events.length === 0) return all;
    all.push(...body.events.filter((e) => !e.is_deleted));
  }
}

/** Puts an event on a calendar as another desk would (not through the app). */
async function postEvent(calendarId: number, title: string, start: number, end: number): Promise<void> {
  const owner = boot.sb.users.find((u) => u.email === 'owner@frontdesk.test')!;
  const res = await fetch(`${boot.sb.url}/v1/events`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${owner.email}:${owner.apiKey}`).toString('base64')}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({
      events: [
        {
          calendar_id: calendarId,
          title,
          start_time: new Date(start).toISOString(),
          end_time: new Date(end).toISOString(),
        },
      ],
    }),
  });
  expect(res.status).toBe(200);
}

const stats = async () => {
  const s = await boot.admin().stats();
  return { bookings: s.bookingsCreated ?? 0, events: s.eventsWritten ?? 0 };
};

describe('a booking with a named provider', () => {
  it('a type that is that provider’s alone is booked through book_now, onto that provider’s calendar', async () => {
    // Consultations are Dr. Hart's alone: the times offered with him are the type's, each his.
    const slots = await times('consultation', hart);
    expect(slots.length).toBeGreaterThan(0);
    expect(slots.every((s) => s.providers.length === 1 && s.providers[0] === hart)).toBe(true);
    const before = await stats();
    const item = await call(
      boot.made,
      'bookings:book',
      input(slots[0]!, 'consultation', hart, 'Ada Alone', '(312) 555-0131'),
    );
    const done = await waitForOp(boot.made, item.id);
    const after = await stats();
    expect(after).toEqual({ bookings: before.bookings + 1, events: before.events });
    const { body } = await ownerGet<{ bookings: { id: number; participant: { event: { calendar_id: number } } }[] }>(
      boot.sb,
      '/v1/bookings',
      { booking_page: PAGE, phone_number: '3125550131' },
    );
    expect(body.bookings.map((b) => [b.id, b.participant.event.calendar_id])).toEqual([[done.result!.id, hart]]);
    expect(done.result?.calendarName).toBe('Dr. Amelia Hart');
  });

  it('offers a provider of a shared type only the times their own calendar is free', async () => {
    // Another desk fills Dr. Okafor's first time of the type: the type is still offered, not with him then.
    const target = (await times('new-patient', okafor))[0]!;
    await postEvent(okafor, 'Staff meeting', Date.parse(target.start), Date.parse(target.end));
    const his = await times('new-patient', okafor);
    expect(his.length).toBeGreaterThan(0);
    expect(his.every((s) => s.providers.length === 1 && s.providers[0] === okafor)).toBe(true);
    expect(his.map((s) => s.start)).not.toContain(target.start);
    // None of his times overlaps anything busy on his calendar.
    const from = Math.min(...his.map((s) => Date.parse(s.start)));
    const to = Math.max(...his.map((s) => Date.parse(s.end)));
    const busy = (await eventsBetween(from - DAY, to)).filter((e) => e.calendar_id === okafor && e.show_as !== 0);
    const overlaps = (s: SlotView) =>
      busy.some((e) => Date.parse(e.start_time) < Date.parse(s.end) && Date.parse(e.end_time) > Date.parse(s.start));
    expect(his.filter(overlaps)).toEqual([]);
  });

  it('a shared type with a named provider is a staff booking: an event on that provider’s calendar', async () => {
    const slot = (await times('new-patient', okafor))[0]!;
    const before = await stats();
    const item = await call(
      boot.made,
      'bookings:book',
      input(slot, 'new-patient', okafor, 'Sami Staffbook', '(312) 555-0132'),
    );
    const done = await waitForOp(boot.made, item.id);
    expect(await stats()).toEqual({ bookings: before.bookings, events: before.events + 1 });
    const { body: ev } = await ownerGet<Ev>(boot.sb, '/v1/event', { external_id: item.id });
    expect(ev).toMatchObject({
      id: done.result!.id,
      calendar_id: okafor,
      title: 'New patient exam - Sami Staffbook',
      custom_data: {
        zip: '60601',
        insurance: 'Cigna',
        reason: 'Toothache',
        booking_page: PAGE,
        appointment_type: 'new-patient',
        opted_into_text_messaging: true,
        opted_into_text_messaging_for_marketing: false,
      },
    });
    expect(Date.parse(ev.start_time)).toBe(Date.parse(slot.start));
    expect(Date.parse(ev.end_time) - Date.parse(ev.start_time)).toBe(60 * 60_000);
    expect(ev.participants.map((p) => [p.name, p.normalized_phone])).toEqual([['Sami Staffbook', '+13125550132']]);
    // The confirmation names the calendar the service holds.
    expect(done.result?.calendarName).toBe('Dr. Samuel Okafor');
  });

  it('refuses in plain words when that provider’s calendar is taken at the time, and makes nothing', async () => {
    const slot = (await times('new-patient', okafor))[0]!;
    // Another desk puts a visit on his calendar, overlapping the end of the time by a quarter of an hour.
    const start = Date.parse(slot.start);
    await postEvent(okafor, 'Root canal - Other Desk', start + 45 * 60_000, start + 90 * 60_000);
    const before = await stats();
    const item = await call(
      boot.made,
      'bookings:book',
      input(slot, 'new-patient', okafor, 'Tara Taken', '(312) 555-0133'),
    );
    const refused = await waitForOp(boot.made, item.id, 'needs_attention');
    expect(refused.lastError?.message).toBe('That time is no longer free with Dr. Samuel Okafor. Choose another time.');
    expect(await stats()).toEqual(before);
    expect((await ownerGet(boot.sb, '/v1/event', { external_id: item.id })).status).toBe(404);
    // The desk lets it go (a booking waiting at that time would hold back the next one there).
    await call(boot.made, 'outbox:discard', { id: item.id });
  });

  it('is made once when the answer to its event is lost: found by its external id', async () => {
    const slot = (await times('emergency', okafor))[0]!;
    const before = await stats();
    const posts = async () => ({ ...(await boot.admin().stats()).requests['POST /v1/events'] });
    const postsBefore = await posts();
    // The event is made, then the connection drops before the answer (only the POST; the reads get through).
    await boot.admin().faults({ resetRate: 1, resetAfterApply: true, routes: ['/v1/events'], methods: ['POST'] });
    try {
      const item = await call(
        boot.made,
        'bookings:book',
        input(slot, 'emergency', okafor, 'Lou Lostanswer', '(312) 555-0134'),
      );
      // Settled (done, or left to the desk), or else posted a second time: the visit made again. Either way the
      // outcome is known then, without waiting out the time.
      const all = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);
      await waitFor(
        async () => {
          const status = boot.made.core.outbox.get().get(item.id)?.status;
          return status === 'done' || status === 'needs_attention' || all(await posts()) - all(postsBefore) > 1;
        },
        { what: 'the booking settled or posted again', timeoutMs: 15_000 },
      );
      expect(await posts()).toEqual({ ...postsBefore, reset: 1 });
      const done = boot.made.core.outbox.get().get(item.id)!;
      expect(done.status).toBe('done');
      expect(done.result?.reconciled).toBe(true);
      expect(done.result?.calendarName).toBe('Dr. Samuel Okafor');
      // One POST, whose answer was lost; none after it.
      expect(await posts()).toEqual({ ...postsBefore, reset: 1 });
    } finally {
      await boot.admin().clearFaults();
    }
    expect(await stats()).toEqual({ bookings: before.bookings, events: before.events + 1 });
    const made = (await eventsBetween(Date.parse(slot.start) - 1000, Date.parse(slot.start) + 1000)).filter((e) =>
      e.title.includes('Lou Lostanswer'),
    );
    expect(made.map((e) => e.calendar_id)).toEqual([okafor]);
  });
});
