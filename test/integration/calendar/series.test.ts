/**
 * Recurring visits through core, against the real sandbox: the preview says which planned visits clash with a busy
 * appointment on that calendar or fall outside the working hours; the series the desk keeps (one visit skipped, one
 * moved) is made once, each visit carrying the series in its custom data; "this and following" queued offline shows
 * at once at the new times and lands once when the service is back; "all" cancels every visit.
 */
import { describe, expect, it } from 'vitest';
import { seriesOf, type AgendaItem } from '../../../common/contract';
import { addDaysToKey, dayKey, isoInZone, wallClock, wallTimeToInstant } from '../../../common/practice-time';
import {
  call,
  callRaw,
  goOffline,
  goOnline,
  ownerGet,
  signedInCore,
  useBootstrap,
  waitForOp,
} from '../../support/bootstrap';

const kit = useBootstrap({ sandbox: { contacts: 20, events: 40 } });

interface ServiceEvent {
  id: number;
  start_time: string;
  is_deleted?: boolean;
  external_id?: string;
  custom_data?: Record<string, string>;
}

/** Posts to the sandbox with the owner's API key (another workstation's write). */
async function ownerPost(path: string, body: unknown): Promise<void> {
  const owner = kit.sb.users.find((u) => u.email === 'owner@frontdesk.test')!;
  const res = await fetch(`${kit.sb.url}${path}`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${owner.email}:${owner.apiKey}`).toString('base64')}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
}

/** Every event of the series at the service (deleted ones too), by visit number. */
async function atService(seriesId: string, from: number): Promise<Map<number, ServiceEvent[]>> {
  const { body } = await ownerGet<{ events: ServiceEvent[] }>(kit.sb, '/v1/events', {
    begin: new Date(from - 86_400_000).toISOString(),
    end: new Date(from + 12 * 7 * 86_400_000).toISOString(),
    include_deleted: 'true',
    page_size: 200,
  });
  const byN = new Map<number, ServiceEvent[]>();
  for (const e of body.events.filter((x) => x.custom_data?.frontdesk_series === seriesId)) {
    const n = Number(e.custom_data!.frontdesk_series_n);
    byN.set(n, [...(byN.get(n) ?? []), e]);
  }
  return byN;
}

/** What a refused call says: its message and each issue's. */
const said = (r: { ok: boolean; error?: unknown }) => (r.ok ? '' : JSON.stringify(r.error));

describe('recurring visits', () => {
  it('previews clashes, makes the kept visits once, moves "this and following" offline, cancels all', async () => {
    const { calendars, practiceZone } = await call(kit.made, 'calendar:calendars');
    const zone = practiceZone ?? 'UTC';
    const calendarId = calendars[0]!.id;
    // A Tuesday about six weeks ahead, 10:00 to 10:45 in the practice's zone.
    let day = addDaysToKey(dayKey(Date.now(), zone), 42);
    while (new Date(`${day}T12:00:00Z`).getUTCDay() !== 2) day = addDaysToKey(day, 1);
    const at = (d: string, hhmm: string) => wallTimeToInstant(d, hhmm, zone)!;
    const first = at(day, '10:00');
    const input = {
      title: 'Physio - Rowan Repeat',
      calendarId,
      start: isoInZone(first, zone),
      end: isoInZone(first + 45 * 60_000, zone),
      participants: [{ name: 'Rowan Repeat', phone: '312-555-7320' }],
    };
    // Another desk books the calendar at the third visit's time.
    const third = addDaysToKey(day, 14);
    await ownerPost('/v1/events', {
      events: [
        {
          calendar_id: calendarId,
          title: 'Busy - staff meeting',
          start_time: isoInZone(at(third, '09:30'), zone),
          end_time: isoInZone(at(third, '10:30'), zone),
        },
      ],
    });

    const preview = await call(kit.made, 'calendar:series-preview', {
      input,
      rule: { every: 'weeks', interval: 1, count: 8 },
    });
    expect(preview.occurrences.map((o) => dayKey(o.start, zone))).toEqual(
      [0, 7, 14, 21, 28, 35, 42, 49].map((d) => addDaysToKey(day, d)),
    );
    expect(preview.occurrences.map((o) => o.clash?.kind ?? null)).toEqual([
      null,
      null,
      'busy',
      null,
      null,
      null,
      null,
      null,
    ]);
    expect(preview.occurrences[2]!.clash).toMatchObject({ title: 'Busy - staff meeting' });
    // Out of hours: the same series at 18:30.
    const late = await call(kit.made, 'calendar:series-preview', {
      input: { ...input, start: isoInZone(at(day, '18:30'), zone), end: isoInZone(at(day, '19:00'), zone) },
      rule: { every: 'weeks', interval: 2, count: 3 },
    });
    expect(late.occurrences.map((o) => o.clash?.kind)).toEqual(['closed', 'closed', 'closed']);
    // Monthly on the same weekday: the same week of each month.
    const monthly = await call(kit.made, 'calendar:series-preview', {
      input,
      rule: { every: 'month_weekday', interval: 1, count: 3 },
    });
    expect(monthly.occurrences.map((o) => new Date(`${dayKey(o.start, zone)}T12:00:00Z`).getUTCDay())).toEqual([
      2, 2, 2,
    ]);

    // Visit 3 skipped, visit 5 moved a day later.
    const kept = preview.occurrences
      .filter((o) => o.n !== 3)
      .map((o) =>
        o.n === 5
          ? {
              n: 5,
              start: isoInZone(Date.parse(o.start) + 86_400_000, zone),
              end: isoInZone(Date.parse(o.end) + 86_400_000, zone),
            }
          : { n: o.n, start: o.start, end: o.end },
      );
    const created = await call(kit.made, 'calendar:series-create', {
      input,
      rule: { every: 'weeks', interval: 1, count: 8 },
      visits: kept,
    });
    await waitForOp(kit.made, created.id);
    const range = await call(kit.made, 'calendar:range', {
      begin: isoInZone(first - 86_400_000, zone),
      end: isoInZone(first + 27 * 86_400_000, zone),
    });
    const mine = range.items.filter((i) => seriesOf(i) !== null && i.title === input.title);
    expect(mine.length).toBeGreaterThan(0);
    const seriesId = seriesOf(mine[0]!)!.id;
    const service = await atService(seriesId, first);
    expect([...service.keys()].sort((a, b) => a - b)).toEqual([1, 2, 4, 5, 6, 7, 8]);
    for (const visits of service.values()) expect(visits).toHaveLength(1);
    expect(dayKey(service.get(5)![0]!.start_time, zone)).toBe(addDaysToKey(day, 29));
    expect(service.get(1)![0]!.custom_data).toMatchObject({
      frontdesk_series_of: '8',
      frontdesk_series_rule: 'weeks:1',
    });

    // Another workstation reads the same series: each visit with its place in it.
    const other = await signedInCore(kit.sb, { readAhead: false });
    try {
      const seen = await call(other, 'calendar:range', {
        begin: isoInZone(first - 86_400_000, zone),
        end: isoInZone(first + 27 * 86_400_000, zone),
      });
      expect(
        seen.items
          .filter((i) => seriesOf(i)?.id === seriesId)
          .map((i) => [seriesOf(i)!.n, seriesOf(i)!.of, seriesOf(i)!.rule, seriesOf(i)!.first]),
      ).toEqual([1, 2, 4].map((n) => [n, 8, 'weeks:1', day]));
    } finally {
      await other.cleanup();
    }

    // Offline: visits 6 and later move to 14:00, one unit; the schedule shows them there at once.
    const sixth = service.get(6)![0]!;
    const weeks6to8 = {
      begin: isoInZone(at(addDaysToKey(day, 35), '00:00'), zone),
      end: isoInZone(at(addDaysToKey(day, 50), '00:00'), zone),
    };
    await call(kit.made, 'calendar:range', weeks6to8); // looked at once: saved for offline
    await goOffline(kit.sb, kit.made);
    const place = seriesOf(mine[0]!)!;
    const moved = await call(kit.made, 'calendar:series-change', {
      seriesId,
      fromN: 6,
      scope: 'following',
      of: place.of,
      first: place.first!,
      rule: place.rule,
      at: sixth.start_time,
      start: isoInZone(at(dayKey(sixth.start_time, zone), '14:00'), zone),
      minutes: 45,
    });
    expect(moved.status).toBe('queued');
    const shown = await call(kit.made, 'calendar:range', weeks6to8);
    const later = shown.items.filter((i: AgendaItem) => seriesOf(i)?.id === seriesId);
    expect(later.map((i) => [seriesOf(i)!.n, wallClock(i.start, zone), i.pending?.change])).toEqual([
      [6, '14:00', 'update'],
      [7, '14:00', 'update'],
      [8, '14:00', 'update'],
    ]);
    await goOnline(kit.sb, kit.made);
    await waitForOp(kit.made, moved.id);
    const after = await atService(seriesId, first);
    for (const [n, visits] of after) {
      expect(visits).toHaveLength(1);
      expect(wallClock(visits[0]!.start_time, zone)).toBe(n >= 6 ? '14:00' : '10:00');
    }

    // "All": every visit cancelled.
    const cancelled = await call(kit.made, 'calendar:series-change', {
      seriesId,
      fromN: 4,
      scope: 'all',
      of: place.of,
      first: place.first!,
      rule: place.rule,
      at: service.get(4)![0]!.start_time,
      label: input.title,
      cancel: true,
    });
    await waitForOp(kit.made, cancelled.id);
    const gone = await atService(seriesId, first);
    expect([...gone.values()].flat().every((e) => e.is_deleted)).toBe(true);
    expect([...gone.keys()].sort((a, b) => a - b)).toEqual([1, 2, 4, 5, 6, 7, 8]);
  }, 90_000);

  it('refuses a rule, a series or a change that does not fit, in plain words, queueing nothing', async () => {
    const { calendars } = await call(kit.made, 'calendar:calendars');
    const start = new Date(Date.now() + 30 * 86_400_000);
    start.setUTCHours(16, 0, 0, 0);
    const input = {
      title: 'Physio - Nobody',
      calendarId: calendars[0]!.id,
      start: start.toISOString(),
      end: new Date(start.getTime() + 30 * 60_000).toISOString(),
    };
    const queued = kit.made.core.outbox.pending().length;
    const tooMany = await callRaw(kit.made, 'calendar:series-preview', {
      input,
      rule: { every: 'weeks', interval: 1, count: 60 },
    });
    expect(said(tooMany)).toContain('At most 52 visits.');
    const both = await callRaw(kit.made, 'calendar:series-preview', {
      input,
      rule: { every: 'weeks', interval: 1, count: 4, until: '2030-01-01' },
    });
    expect(said(both)).toContain('Choose a number of visits or an end day.');
    const notInRule = await callRaw(kit.made, 'calendar:series-create', {
      input,
      rule: { every: 'weeks', interval: 1, count: 2 },
      visits: [{ n: 3, start: input.start, end: input.end }],
    });
    expect(notInRule).toMatchObject({ ok: false, error: { code: 'validation' } });
    expect(notInRule.ok ? null : notInRule.error.message).toBe('A visit is not one of the series the rule makes.');
    const pastTheEnd = await callRaw(kit.made, 'calendar:series-change', {
      seriesId: 'a-series',
      fromN: 9,
      scope: 'following',
      of: 8,
      first: '2030-01-01',
      rule: 'weeks:1',
      at: input.start,
      cancel: true,
    });
    expect(said(pastTheEnd)).toContain('That visit is not one of the series.');
    const oddRule = await callRaw(kit.made, 'calendar:series-change', {
      seriesId: 'a-series',
      fromN: 1,
      scope: 'all',
      of: 8,
      first: '2030-01-01',
      rule: 'daily',
      at: input.start,
      cancel: true,
    });
    expect(oddRule.ok).toBe(false);
    expect(kit.made.core.outbox.pending()).toHaveLength(queued);
  });
});
