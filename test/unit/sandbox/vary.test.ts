/** `--vary`'s transforms (test/sandbox/vary.ts): deterministic per seed, and only within the documents' freedom. */
import { describe, expect, it } from 'vitest';
import { parseCliArgs } from '../../sandbox/cli-args';
import {
  atOffset,
  chance,
  describeVary,
  optionalReads,
  retryAfterDate,
  varyBody,
  varyProfile,
  varyTokenAnswer,
  type VaryProfile,
} from '../../sandbox/vary';

const EVENTS = {
  events: [
    {
      id: 500001,
      calendar_id: 1001,
      start_time: '2030-01-08T09:00:00-06:00',
      end_time: '2030-01-08T10:00:00-06:00',
      title: 'Cleaning - Maria Garcia',
      location: '',
      content: '',
      is_deleted: false,
      external_id: 'dentrix-200001',
      time_zone: 'America/Chicago',
      all_day: false,
      show_as: null,
      calendar_name: 'Dr. Amelia Hart',
      updated_at: '2030-01-01T12:00:00.250Z',
      custom_data: { start_time: '2030-01-08T09:00:00-06:00', note: 'x' },
      participants: [{ id: 900001, name: 'Maria Garcia', phone: '312-555-0143', state: 'initial', contact_id: 100001 }],
    },
  ],
};

const profile = (seed: number, over: Partial<VaryProfile> = {}): VaryProfile => ({
  ...varyProfile({ seed }),
  ...over,
});

describe('vary: the seed decides, the same way every time', () => {
  it('a seed gives the same profile and the same answers; another seed differs somewhere', () => {
    expect(varyProfile({ seed: 7 })).toEqual(varyProfile({ seed: 7 }));
    expect(varyBody(profile(7), 'GET /v1/events', EVENTS)).toEqual(varyBody(profile(7), 'GET /v1/events', EVENTS));
    const answers = new Set(
      [1, 2, 3, 4, 5, 6].map((s) => JSON.stringify(varyBody(profile(s), 'GET /v1/events', EVENTS))),
    );
    expect(answers.size).toBeGreaterThan(1);
    expect(chance(1, 'a')).toBe(chance(1, 'a'));
    expect(chance(1, 'a')).not.toBe(chance(2, 'a'));
  });

  it('the slow answer is 10 s unless told, and seeds between them cover each choice', () => {
    expect(varyProfile({ seed: 1 }).slowMs).toBe(10_000);
    expect(varyProfile({ seed: 1, slowMs: 50 }).slowMs).toBe(50);
    const many = Array.from({ length: 40 }, (_, seed) => varyProfile({ seed }));
    expect(new Set(many.map((p) => p.keepsRefreshToken))).toEqual(new Set([true, false]));
    expect(new Set(many.map((p) => p.omitsExpiresIn))).toEqual(new Set([true, false]));
    expect(new Set(many.map((p) => p.pageCap)).size).toBeGreaterThan(2);
  });
});

describe('vary: what an answer may become', () => {
  it('leaves out or nulls only fields the documents do not show and the app reads as empty', () => {
    const optional = optionalReads('GET /v1/events');
    expect(optional).toEqual(expect.arrayContaining(['events[].time_zone', 'events[].calendar_name']));
    for (const documented of ['events[].id', 'events[].start_time', 'events[].title', 'events[].participants[].name'])
      expect(optional).not.toContain(documented);
    expect(optionalReads('GET /v1/booking_pages')).toEqual([]);
    expect(optionalReads('GET /v1/userinfo')).toEqual([]);
    const seen = new Set<string>();
    for (let seed = 0; seed < 30; seed++) {
      const event = (varyBody(profile(seed), 'GET /v1/events', EVENTS) as typeof EVENTS).events[0]!;
      for (const key of ['id', 'calendar_id', 'start_time', 'end_time', 'title', 'participants'])
        expect(event).toHaveProperty(key);
      if (!('time_zone' in event)) seen.add('absent');
      else if (event.time_zone === null) seen.add('null');
    }
    expect(seen).toEqual(new Set(['absent', 'null']));
  });

  it('adds unknown fields, but never inside custom data', () => {
    let added = 0;
    for (let seed = 0; seed < 20; seed++) {
      const body = varyBody(profile(seed), 'GET /v1/events', EVENTS) as typeof EVENTS;
      const event = body.events[0]!;
      added += Object.keys(event).filter((k) => !(k in EVENTS.events[0]!)).length;
      expect(event.custom_data).toEqual(EVENTS.events[0]!.custom_data);
    }
    expect(added).toBeGreaterThan(0);
  });

  it('writes each timestamp as the same instant at another offset; the booking stays UTC', () => {
    const shifted = varyBody(
      profile(1, { offset: { kind: 'offset', minutes: 330 } }),
      'GET /v1/events',
      EVENTS,
    ) as typeof EVENTS;
    const event = shifted.events[0]!;
    expect(event.start_time).toBe('2030-01-08T20:30:00+05:30');
    expect(Date.parse(event.start_time)).toBe(Date.parse(EVENTS.events[0]!.start_time));
    if ('updated_at' in event && event.updated_at) expect(event.updated_at).toBe('2030-01-01T17:30:00.250+05:30');
    expect(atOffset('2030-01-08T09:00:00-06:00', 0)).toBe('2030-01-08T15:00:00Z');
    expect(atOffset('2030-01-08T09:00:00-06:00', 0, true)).toBe('2030-01-08T15:00:00+00:00');
    expect(atOffset('2030-01-08T09:00:00', 60)).toBe('2030-01-08T09:00:00');
    const booking = { success: true, booking: { id: 1, start_time: '2030-02-12T16:00:00Z', field_data: {} } };
    const varied = varyBody(
      profile(1, { offset: { kind: 'offset', minutes: -180 }, utcAsOffset: true }),
      'POST /v1/book_now',
      booking,
    ) as typeof booking;
    expect(varied.booking.start_time).toBe('2030-02-12T16:00:00+00:00');
  });

  it('a token answer may leave out expires_in', () => {
    const answer = {
      access_token: 'a',
      token_type: 'Bearer',
      expires_in: 60,
      refresh_token: 'r',
      scope: 'api',
      created_at: 1,
    };
    expect(varyTokenAnswer(profile(1, { omitsExpiresIn: true }), answer)).not.toHaveProperty('expires_in');
    expect(varyTokenAnswer(profile(1, { omitsExpiresIn: false }), answer)).toHaveProperty('expires_in', 60);
    expect(varyTokenAnswer(profile(1, { omitsExpiresIn: true }), answer)).toHaveProperty('refresh_token', 'r');
  });

  it('Retry-After as an HTTP date never sooner than the seconds asked', () => {
    const now = Date.parse('2030-01-01T00:00:00.400Z');
    const date = retryAfterDate(2, now);
    expect(date).toBe('Tue, 01 Jan 2030 00:00:03 GMT');
    expect(Date.parse(date) - now).toBeGreaterThanOrEqual(2000);
  });
});

describe('vary: the command line', () => {
  it('--vary takes a seed', () => {
    expect(parseCliArgs(['--vary', '42'])).toEqual({ kind: 'run', options: { vary: { seed: 42 } } });
    expect(parseCliArgs(['--vary=3', '--strict'])).toEqual({
      kind: 'run',
      options: { vary: { seed: 3 }, fields: 'strict' },
    });
    expect(parseCliArgs(['--vary'])).toMatchObject({ kind: 'error' });
    expect(parseCliArgs(['--vary', 'x'])).toMatchObject({ kind: 'error' });
  });
});

describe('vary: the start-up line', () => {
  it('names the seed’s choices', () => {
    expect(describeVary(varyProfile({ seed: 14 }))).toBe(
      'pages of at most 40, a 502 page once on 36 % of GET paths, GET /v1/address_books 10 s late once, no refresh-token rotation, no expires_in, times at +05:30',
    );
  });
});
