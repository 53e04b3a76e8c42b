/**
 * The waitlist against the strict sandbox with two workstations (two cores, one account): an entry added on one is
 * read on the other, kept where the service has nobody to text; a cancellation frees a time with who fits it; an
 * offer by text goes to each chosen patient once; two YES replies heard by both desks, with lost answers, make one
 * appointment, one confirmation and one "taken" — and the service texts nobody else.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgendaItem, WaitlistView } from '../../../common/contract';
import { ANCHOR, bookingKey, WAITLIST_CALENDAR } from '../../../main/core/api/waitlist-records';
import type { MadeCore } from '../../support/auth-fixture';
import {
  call,
  callRaw,
  goOffline,
  goOnline,
  ownerGet,
  signedInCore,
  useBootstrap,
  useLogOnFailure,
  waitForOp,
} from '../../support/bootstrap';
import { waitFor } from '../../support/wait';

/** How far the service's clock runs ahead of the desks' (a reply made after an offer lapsed). */
let serviceAhead = 0;
const kit = useBootstrap({
  sandbox: { contacts: 30, events: 150, now: () => new Date(Date.now() + serviceAhead) },
  readAhead: false,
});
let other: MadeCore | undefined;
const desk2 = () => other!;
useLogOnFailure(() => other);

beforeAll(async () => {
  other = await signedInCore(kit.sb, { readAhead: false });
});
afterAll(async () => {
  await other?.cleanup();
});

interface SbEvent {
  id: number;
  calendar_id: number;
  external_id: string | null;
  start_time: string;
  show_as: number | null;
  participants: { name: string }[];
  custom_data: Record<string, unknown>;
}

const stats = async () => (await kit.admin().stats()) as unknown as { messagesRecorded: number };

const ANY_TIME = { days: [1, 2, 3, 4, 5, 6, 7], from: '00:00', to: '23:59' };

/** Every text the sandbox recorded to a phone (in no particular order). */
async function textsTo(phone: string): Promise<string[]> {
  const { body } = await ownerGet<{ conversations: { id: number }[] }>(kit.sb, '/v1/conversations', {
    phone_number: phone,
    page_size: 100,
  });
  const texts: string[] = [];
  for (const c of body.conversations) {
    const m = await ownerGet<{ messages: { direction: string; content: string }[] }>(
      kit.sb,
      '/v1/conversation_messages',
      { conversation_id: c.id, page_size: 100 },
    );
    texts.push(...m.body.messages.filter((x) => x.direction === 'outbound').map((x) => x.content));
  }
  return texts;
}

async function inbound(phone: string, content: string): Promise<void> {
  const res = await fetch(`${kit.sb.url}/__sandbox/inbound`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone_number: phone, content }),
  });
  expect(res.status).toBe(200);
}

describe('the waitlist kept at the service', () => {
  it('an entry added on one workstation is on the other, with nobody on it for the service to text', async () => {
    const before = (await stats()).messagesRecorded;
    const item = await call(kit.made, 'waitlist:add', {
      name: 'Wendy Waitlist',
      phone: '(312) 555-0188',
      appointmentType: 'Cleaning',
      ...ANY_TIME,
    });
    await waitForOp(kit.made, item.id);
    const seen = await call(desk2(), 'waitlist:list');
    const entry = seen.entries.find((e) => e.key === item.id);
    expect(entry).toMatchObject({ name: 'Wendy Waitlist', appointmentType: 'Cleaning' });
    expect(entry?.phone.replace(/\D/g, '')).toMatch(/3125550188$/);
    expect(entry?.pending).toBe(false);

    // At the service: on the waitlist's own calendar, on the anchor day, free, with no participants.
    const { body } = await ownerGet<{ events: SbEvent[] }>(kit.sb, '/v1/events', {
      begin: ANCHOR.begin,
      end: ANCHOR.end,
      page_size: 200,
    });
    const record = body.events.find((e) => e.external_id === item.id)!;
    expect(record.participants).toEqual([]);
    expect(record.show_as).toBe(0);
    const calendars = await ownerGet<{ calendars: { id: number; name: string }[] }>(kit.sb, '/v1/calendars');
    expect(calendars.body.calendars.find((c) => c.id === record.calendar_id)?.name).toBe(WAITLIST_CALENDAR);
    // Not a provider on any screen.
    const list = await call(desk2(), 'calendar:calendars');
    expect(list.calendars.map((c) => c.name)).not.toContain(WAITLIST_CALENDAR);
    // Nothing was texted.
    expect((await stats()).messagesRecorded).toBe(before);

    // Taken off on the second: gone on the first.
    const removed = await call(desk2(), 'waitlist:remove', { key: item.id });
    await waitForOp(desk2(), removed.id);
    expect((await call(kit.made, 'waitlist:list')).entries.some((e) => e.key === item.id)).toBe(false);
  });

  it('refuses bad input in plain words, before anything is queued', async () => {
    const bad = async (args: Record<string, unknown>) => {
      const r = await callRaw(kit.made, 'waitlist:add', args as never);
      return r.ok ? null : r.error;
    };
    const base = { name: 'Pat Typo', phone: '(312) 555-0170', ...ANY_TIME };
    expect(await bad({ ...base, phone: '12' })).toMatchObject({ code: 'validation' });
    expect(await bad({ ...base, days: [] })).toMatchObject({
      code: 'validation',
      issues: [{ path: 'days', message: 'choose at least one day' }],
    });
    expect(await bad({ ...base, from: '12:00', to: '09:00' })).toMatchObject({
      code: 'validation',
      issues: [{ path: 'to', message: 'the earliest time must be before the latest' }],
    });
    const offer = await callRaw(kit.made, 'waitlist:offer', {
      appointmentId: 999_999,
      entryKeys: ['nobody'],
      text: 'x',
      confirmText: 'y',
      takenText: 'z',
      expiresInMinutes: 60,
    });
    expect(offer.ok ? null : offer.error).toMatchObject({
      code: 'validation',
      message: 'That freed time is no longer known here.',
    });
    expect(
      kit.made.core.outbox
        .get()
        .list()
        .some((o) => o.payload.name === 'Pat Typo'),
    ).toBe(false);
  });

  it('works offline: an entry added without the service shows at once and reaches it once it answers', async () => {
    await goOffline(kit.sb, kit.made);
    let key = '';
    try {
      const item = await call(kit.made, 'waitlist:add', {
        name: 'Olive Offline',
        phone: '(312) 555-0177',
        ...ANY_TIME,
      });
      key = item.id;
      const shown = (await call(kit.made, 'waitlist:list')).entries.find((e) => e.key === key);
      expect(shown).toMatchObject({ name: 'Olive Offline', pending: true });
    } finally {
      await goOnline(kit.sb, kit.made);
    }
    await waitForOp(kit.made, key);
    expect((await call(desk2(), 'waitlist:list')).entries.find((e) => e.key === key)?.pending).toBe(false);
    const removed = await call(kit.made, 'waitlist:remove', { key });
    await waitForOp(kit.made, removed.id);
  });

  it('a visit moved to another time frees the time it had; a free hold cancelled frees none', async () => {
    const now = Date.now();
    const range = await call(kit.made, 'calendar:range', {
      begin: new Date(now + 2 * 86_400_000).toISOString(),
      end: new Date(now + 9 * 86_400_000).toISOString(),
    });
    const visit = range.items.find((i: AgendaItem) => i.calendarId && i.people.length > 0 && !i.free)!;
    const start = new Date(Date.parse(visit.start) + 3600_000).toISOString();
    const end = new Date(Date.parse(visit.end) + 3600_000).toISOString();
    const moved = await call(kit.made, 'calendar:update', {
      id: visit.id,
      changes: { start, end },
      startsAt: visit.start,
    });
    await waitForOp(kit.made, moved.id);
    const freed = (await call(kit.made, 'waitlist:list')).freed.find((f) => f.appointmentId === visit.id);
    expect(freed && Date.parse(freed.start)).toBe(Date.parse(visit.start));

    const hold = range.items.find((i: AgendaItem) => i.free || i.people.length === 0);
    if (hold) {
      const gone = await call(kit.made, 'calendar:cancel', { id: hold.id, startsAt: hold.start });
      await waitForOp(kit.made, gone.id);
      expect((await call(kit.made, 'waitlist:list')).freed.some((f) => f.appointmentId === hold.id)).toBe(false);
    }
  });

  it('a cancellation offers the time; two YES heard by both desks with lost answers settle exactly once', async () => {
    const made = kit.made;
    const ann = await call(made, 'waitlist:add', { name: 'Ann First', phone: '(312) 555-0191', ...ANY_TIME });
    const bob = await call(made, 'waitlist:add', { name: 'Bob Second', phone: '(312) 555-0192', ...ANY_TIME });
    await waitForOp(made, ann.id);
    await waitForOp(made, bob.id);

    // An appointment ahead, cancelled here: its time is freed, with both patients fitting, first added first.
    const now = Date.now();
    const range = await call(made, 'calendar:range', {
      begin: new Date(now + 86_400_000).toISOString(),
      end: new Date(now + 8 * 86_400_000).toISOString(),
    });
    const visit = range.items.find((i: AgendaItem) => i.calendarId && i.people.length > 0 && !i.free)!;
    expect(visit).toBeDefined();
    const cancel = await call(made, 'calendar:cancel', { id: visit.id, startsAt: visit.start });
    await waitForOp(made, cancel.id);
    const view: WaitlistView = await call(made, 'waitlist:list');
    const freed = view.freed.find((f) => f.appointmentId === visit.id)!;
    expect(freed).toBeDefined();
    expect(freed.fits.indexOf(ann.id)).toBeLessThan(freed.fits.indexOf(bob.id));
    expect(freed.fits).toContain(bob.id);

    // Both desks have read the texts once (a reply is news only after that).
    await made.core.messages.settled();
    await desk2().core.messages.settled();
    const before = (await stats()).messagesRecorded;

    // Writes' answers are lost half the time from here on (the service still does them).
    await kit.admin().faults({
      resetRate: 0.5,
      resetAfterApply: true,
      routes: ['/v1/events', '/v1/start_conversation'],
      methods: ['POST', 'PUT'],
      seed: 7,
    });
    const offer = await call(made, 'waitlist:offer', {
      appointmentId: visit.id,
      entryKeys: [ann.id, bob.id],
      text: 'An opening: tomorrow. Reply YES to take it.',
      confirmText: 'You are booked. See you then.',
      takenText: 'That time has been taken — you are still on the list.',
      expiresInMinutes: 60,
    });
    await waitForOp(made, offer.id);
    expect((await stats()).messagesRecorded).toBe(before + 2);

    await inbound('+13125550191', 'YES');
    await inbound('+13125550192', 'Yes');
    // Both desks hear both replies.
    made.core.messages.pollSoon();
    desk2().core.messages.pollSoon();
    const answers = (m: MadeCore) =>
      m.core.outbox
        .get()
        .list()
        .filter((o) => o.kind === 'waitlist.answer');
    await waitFor(() => answers(made).length === 2 && answers(desk2()).length === 2, {
      what: 'both desks to queue both answers',
      timeoutMs: 20_000,
    });
    await waitFor(() => [...answers(made), ...answers(desk2())].every((o) => o.status === 'done'), {
      what: 'every answer to settle',
      timeoutMs: 30_000,
    });
    await kit.admin().clearFaults();
    const lost = (await kit.admin().stats()) as unknown as { faultsInjected: { resetAfterApply: number } };
    expect(lost.faultsInjected.resetAfterApply, 'answers were lost').toBeGreaterThan(0);

    // One appointment, at the freed time, for whoever answered first.
    const booked = await ownerGet<SbEvent>(kit.sb, '/v1/event', { external_id: bookingKey(offer.id) });
    expect(booked.status).toBe(200);
    expect(Date.parse(booked.body.start_time)).toBe(Date.parse(visit.start));
    const winner = booked.body.participants[0]!.name;
    expect(['Ann First', 'Bob Second']).toContain(winner);
    const [winPhone, losePhone] =
      winner === 'Ann First' ? ['+13125550191', '+13125550192'] : ['+13125550192', '+13125550191'];

    // Texts: the offer and one confirmation to the winner; the offer and one "taken" to the other; nothing else.
    expect((await textsTo(winPhone)).sort()).toEqual([
      'An opening: tomorrow. Reply YES to take it.',
      'You are booked. See you then.',
    ]);
    expect((await textsTo(losePhone)).sort()).toEqual([
      'An opening: tomorrow. Reply YES to take it.',
      'That time has been taken — you are still on the list.',
    ]);
    expect((await stats()).messagesRecorded).toBe(before + 4);

    // Every desk shows it: booked and taken; the winner is off the list.
    const after = await call(desk2(), 'waitlist:list');
    const shown = after.offers.find((o) => o.key === offer.id)!;
    expect(shown.people.map((p) => p.step).sort()).toEqual(['booked', 'taken']);
    const winnerKey = winner === 'Ann First' ? ann.id : bob.id;
    expect(after.entries.some((e) => e.key === winnerKey)).toBe(false);
  });

  it('a YES after the offer lapsed books nothing and texts nothing', async () => {
    const made = kit.made;
    const cleo = await call(made, 'waitlist:add', { name: 'Cleo Late', phone: '(312) 555-0193', ...ANY_TIME });
    await waitForOp(made, cleo.id);
    const now = Date.now();
    const range = await call(made, 'calendar:range', {
      begin: new Date(now + 3 * 86_400_000).toISOString(),
      end: new Date(now + 10 * 86_400_000).toISOString(),
    });
    const visit = range.items.find((i: AgendaItem) => i.calendarId && i.people.length > 0 && !i.free)!;
    const cancel = await call(made, 'calendar:cancel', { id: visit.id, startsAt: visit.start });
    await waitForOp(made, cancel.id);
    await made.core.messages.settled();
    await desk2().core.messages.settled();
    const offer = await call(made, 'waitlist:offer', {
      appointmentId: visit.id,
      entryKeys: [cleo.id],
      text: 'An opening for Cleo. Reply YES to take it.',
      confirmText: 'You are booked.',
      takenText: 'That time has been taken — you are still on the list.',
      expiresInMinutes: 5,
    });
    await waitForOp(made, offer.id);
    const texted = (await stats()).messagesRecorded;

    // Ten minutes later at the service: the offer has lapsed.
    serviceAhead = 10 * 60_000;
    try {
      await inbound('+13125550193', 'YES');
      made.core.messages.pollSoon();
      desk2().core.messages.pollSoon();
      for (const desk of [made, desk2()])
        await waitFor(() => desk.log.lines.some((l) => l.includes('waitlist reply') && l.includes('offer_lapsed')), {
          what: 'the desk to weigh the late reply',
          timeoutMs: 20_000,
        });
    } finally {
      serviceAhead = 0;
    }
    const answers = [made, desk2()].flatMap((m) =>
      m.core.outbox
        .get()
        .list()
        .filter((o) => o.kind === 'waitlist.answer' && o.payload.offer === offer.id),
    );
    expect(answers).toEqual([]);
    expect((await stats()).messagesRecorded).toBe(texted);
    const booked = await ownerGet(kit.sb, '/v1/event', { external_id: bookingKey(offer.id) });
    expect(booked.status).toBe(404);
  });

  it('each patient is texted the offer once, though every text’s answer is lost', async () => {
    const made = kit.made;
    const dan = await call(made, 'waitlist:add', { name: 'Dan Once', phone: '(312) 555-0194', ...ANY_TIME });
    const eve = await call(made, 'waitlist:add', { name: 'Eve Once', phone: '(312) 555-0195', ...ANY_TIME });
    await waitForOp(made, dan.id);
    await waitForOp(made, eve.id);
    const now = Date.now();
    const range = await call(made, 'calendar:range', {
      begin: new Date(now + 4 * 86_400_000).toISOString(),
      end: new Date(now + 11 * 86_400_000).toISOString(),
    });
    const visit = range.items.find((i: AgendaItem) => i.calendarId && i.people.length > 0 && !i.free)!;
    const cancel = await call(made, 'calendar:cancel', { id: visit.id, startsAt: visit.start });
    await waitForOp(made, cancel.id);
    const before = (await stats()).messagesRecorded;
    // Every text reaches the service, and every answer to it is lost on the way back.
    await kit.admin().faults({ resetRate: 1, resetAfterApply: true, routes: ['/v1/start_conversation'] });
    try {
      const offer = await call(made, 'waitlist:offer', {
        appointmentId: visit.id,
        entryKeys: [dan.id, eve.id],
        text: 'An opening, once. Reply YES to take it.',
        confirmText: 'You are booked.',
        takenText: 'That time has been taken — you are still on the list.',
        expiresInMinutes: 60,
      });
      await waitForOp(made, offer.id);
    } finally {
      await kit.admin().clearFaults();
    }
    expect((await stats()).messagesRecorded).toBe(before + 2);
    expect(await textsTo('+13125550194')).toEqual(['An opening, once. Reply YES to take it.']);
    expect(await textsTo('+13125550195')).toEqual(['An opening, once. Reply YES to take it.']);
  });
});
