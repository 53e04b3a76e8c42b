/** `npm run sandbox -- --now <instant>`: the clock starts there, and the seeded schedule and free times lie around it. */
import { afterEach, describe, expect, it } from 'vitest';
import { parseCliArgs } from '../../sandbox/cli-args';
import { startSandbox, type Sandbox } from '../../sandbox/index';

let sb: Sandbox | undefined;
afterEach(async () => {
  await sb?.close();
  sb = undefined;
});

async function asOwner<T>(path: string): Promise<T> {
  const owner = sb!.users.find((u) => u.email === 'owner@frontdesk.test')!;
  const res = await fetch(`${sb!.url}${path}`, {
    headers: { authorization: `Basic ${Buffer.from(`${owner.email}:${owner.apiKey}`).toString('base64')}` },
  });
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
}

describe('npm run sandbox -- --now', () => {
  it('starts the clock at the given instant, running on', () => {
    const parsed = parseCliArgs(['--now', '2031-03-04T09:15:00-06:00']);
    if (parsed.kind !== 'run') throw new Error(parsed.kind);
    const now = parsed.options.now!().getTime();
    expect(now).toBeGreaterThanOrEqual(Date.parse('2031-03-04T15:15:00Z'));
    expect(now).toBeLessThan(Date.parse('2031-03-04T15:16:00Z'));
    expect(parseCliArgs(['--now=2031-03-04T15:15:00Z']).kind).toBe('run');
  });

  it('refuses an instant without its offset, or none, in one line', () => {
    for (const args of [['--now', '2031-03-04T09:15:00'], ['--now', 'tomorrow'], ['--now']]) {
      const parsed = parseCliArgs(args);
      expect(parsed.kind, args.join(' ')).toBe('error');
      if (parsed.kind === 'error') expect(parsed.message).toMatch(/^--now /);
    }
  });

  it('seeds the schedule around the given instant and offers free times from it on', async () => {
    const parsed = parseCliArgs([
      '--port',
      '0',
      '--contacts',
      '40',
      '--events',
      '120',
      '--now',
      '2031-03-04T09:15:00-06:00',
    ]);
    if (parsed.kind !== 'run') throw new Error(parsed.kind);
    sb = await startSandbox(parsed.options);
    const { events } = await asOwner<{ events: { start_time: string }[] }>(
      '/v1/events?begin=2000-01-01T00:00:00Z&end=2100-01-01T00:00:00Z&page_size=500',
    );
    expect(events.length).toBeGreaterThan(0);
    const days = events.map((e) => Date.parse(e.start_time));
    // Four weeks either side of the given day (the seed's span), nowhere near this computer's today.
    expect(Math.min(...days)).toBeGreaterThanOrEqual(Date.parse('2031-02-03T00:00:00Z'));
    expect(Math.max(...days)).toBeLessThan(Date.parse('2031-04-03T00:00:00Z'));
    const { slots } = await asOwner<{ slots: { start_time: string }[] }>(
      '/v1/availability?booking_page=lakeside-dental-cleaning',
    );
    expect(slots.length).toBeGreaterThan(0);
    // The first free time is after the given instant and the page's notice (2 hours), that day or soon after.
    const first = Date.parse(slots[0]!.start_time);
    expect(first).toBeGreaterThanOrEqual(Date.parse('2031-03-04T17:15:00Z'));
    expect(first).toBeLessThan(Date.parse('2031-03-07T00:00:00Z'));
  });
});
