/**
 * A series of visits is one queued unit of one request per visit (kinds/series.ts), each visit written by its own
 * external id with PUT /v1/events (create-or-update, facts). Against the real sandbox: a crash in the middle of the
 * unit (the child frozen right after a step was recorded, then SIGKILLed), and answers lost after the service applied
 * them, each end with every visit the desk kept made exactly once; a change of "this and following" made the same
 * way moves the later visits once, and leaves a visit cancelled meanwhile cancelled.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../support/core-fixture';
import { drained, mintToken, openOutbox, tokenClient, useSandboxKit, type Json, type SandboxKit } from './helpers';

const ACCOUNT = 'sandbox|owner';
const CHILD = join(__dirname, 'series-child.ts');
const WEEK = 7 * 86_400_000;

/** The first calendar of the account. */
async function aCalendar(kit: SandboxKit): Promise<number> {
  const { body } = await kit.get('/v1/calendars');
  return (body.calendars as Json[])[0].id as number;
}

/** Eight weekly visits from 40 days ahead at 15:00 UTC, as series-service.ts queues them, with `skip` left out. */
function seriesOf(calendar: number, seriesId: string, skip: number, base: number): Record<string, unknown> {
  const day = new Date(base);
  day.setUTCHours(15, 0, 0, 0);
  const visits = Array.from({ length: 8 }, (_, i) => i + 1).filter((n) => n !== skip);
  const at = (n: number) => day.getTime() + (n - 1) * WEEK;
  return {
    series_id: seriesId,
    change: 'create',
    title: 'Physio - Sam Series',
    steps: visits.map((n) => ({
      put: {
        external_id: `${seriesId}.${n}`,
        calendar_id: calendar,
        title: 'Physio - Sam Series',
        start_time: new Date(at(n)).toISOString(),
        end_time: new Date(at(n) + 45 * 60_000).toISOString(),
        participants: [{ name: 'Sam Series', phone: '312-555-7310' }],
        custom_data: { frontdesk_series: seriesId, frontdesk_series_n: String(n), frontdesk_series_of: '8' },
      },
    })),
  };
}

/** Every event (deleted too) of the series between `base` and ten weeks on. */
async function visitsOf(kit: SandboxKit, seriesId: string, base: number): Promise<Json[]> {
  const all = await kit.allPages('/v1/events', 'events', {
    begin: new Date(base - 86_400_000).toISOString(),
    end: new Date(base + 10 * WEEK).toISOString(),
    include_deleted: true,
  });
  return all.filter((e) => e.custom_data?.frontdesk_series === seriesId);
}

/** Each kept visit exactly once, live; the skipped one never made. */
async function expectEachOnce(kit: SandboxKit, seriesId: string, base: number, skip: number): Promise<Json[]> {
  const visits = await visitsOf(kit, seriesId, base);
  const numbers = visits.map((e) => Number(e.custom_data.frontdesk_series_n)).sort((a, b) => a - b);
  expect(numbers).toEqual([1, 2, 3, 4, 5, 6, 7, 8].filter((n) => n !== skip));
  expect(visits.every((e) => !e.is_deleted)).toBe(true);
  expect(new Set(visits.map((e) => e.external_id)).size).toBe(visits.length);
  return visits;
}

/** Runs the outbox in a child that freezes once a series write has recorded `freezeAt` steps; kills it there. */
async function crashAt(kit: SandboxKit, dataDir: string, token: string, freezeAt: number, kills: (() => void)[]) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', CHILD, JSON.stringify({ dataDir, url: kit.url, token, account: ACCOUNT, freezeAt })],
    { cwd: join(__dirname, '../../..'), stdio: ['ignore', 'pipe', 'pipe'] },
  );
  kills.push(() => child.kill('SIGKILL'));
  let err = '';
  child.stderr.on('data', (c: Buffer) => (err += c.toString()));
  await new Promise<void>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
      if (/steps \d+/.test(out)) resolve();
    });
    child.on('exit', () => reject(new Error(`the child ended before step ${freezeAt}: ${out} ${err}`)));
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

describe('a series of visits as one unit', () => {
  const kit = useSandboxKit();
  const dir = tempDir('outbox-series-');
  let token = '';
  const kills: Array<() => void> = [];
  const base = Date.now() + 40 * 86_400_000;

  beforeEach(async () => {
    await kit.faults(null);
    token = await mintToken(kit.url, 'owner@frontdesk.test');
  });
  afterAll(() => {
    for (const kill of kills) kill();
    dir.cleanup();
  });

  it('resumes after a kill -9 in the middle: each kept visit once, the skipped one never', async () => {
    const calendar = await aCalendar(kit);
    const dataDir = join(dir.dir, 'crash');
    const parent = await openOutbox({ dataDir, service: tokenClient(kit.url, () => token), account: () => ACCOUNT });
    const op = await parent.enqueue('event.series', seriesOf(calendar, 'series-crash', 4, base), {
      accountKey: ACCOUNT,
    });
    await parent.close();

    await crashAt(kit, dataDir, token, 3, kills);
    // Killed after three visits: those three are made, nothing more.
    expect((await visitsOf(kit, 'series-crash', base)).map((e) => e.custom_data.frontdesk_series_n).sort()).toEqual([
      '1',
      '2',
      '3',
    ]);

    const again = await openOutbox({
      dataDir,
      service: tokenClient(kit.url, () => token),
      account: () => ACCOUNT,
      options: { doneRetentionMs: Infinity },
    });
    try {
      // Half written: it can only finish, never be dropped (three visits would be left without their series).
      await expect(again.discard(op.id)).rejects.toThrow('Some of these visits may already be written');
      again.start();
      await drained(again, ACCOUNT);
      expect(again.get(op.id)).toMatchObject({ status: 'done', result: { steps: 7 } });
    } finally {
      await again.close();
    }
    await expectEachOnce(kit, 'series-crash', base, 4);
  }, 60_000);

  it('makes each visit once when answers are lost after the service applied them', async () => {
    const calendar = await aCalendar(kit);
    const box = await openOutbox({
      dataDir: join(dir.dir, 'lost'),
      service: tokenClient(kit.url, () => token),
      account: () => ACCOUNT,
      options: { doneRetentionMs: Infinity },
    });
    try {
      // Every write to /v1/events is applied and its answer lost, until three were.
      await kit.faults({ resetRate: 1, resetAfterApply: true, routes: ['/v1/events'] });
      const op = await box.enqueue('event.series', seriesOf(calendar, 'series-lost', 6, base), {
        accountKey: ACCOUNT,
      });
      box.start();
      for (let i = 0; (await kit.stats()).faultsInjected.resetAfterApply < 3; i++) {
        if (i > 1000) throw new Error('the visits were never sent');
        await new Promise((r) => setTimeout(r, 10));
      }
      await kit.faults(null);
      await drained(box, ACCOUNT);
      expect(box.get(op.id)).toMatchObject({ status: 'done', result: { steps: 7 } });
      await expectEachOnce(kit, 'series-lost', base, 6);
    } finally {
      await box.close();
    }
  }, 60_000);

  it('moves "this and following" once across a kill -9, leaving a visit cancelled meanwhile cancelled', async () => {
    const calendar = await aCalendar(kit);
    const dataDir = join(dir.dir, 'move');
    const service = tokenClient(kit.url, () => token);
    const first = await openOutbox({
      dataDir,
      service,
      account: () => ACCOUNT,
      options: { doneRetentionMs: Infinity },
    });
    await first.enqueue('event.series', seriesOf(calendar, 'series-move', 0, base), { accountKey: ACCOUNT });
    first.start();
    await drained(first, ACCOUNT);
    const made = await expectEachOnce(kit, 'series-move', base, 0);
    // Visit 6 is cancelled at the service (another workstation) before the move goes.
    const six = made.find((e) => e.custom_data.frontdesk_series_n === '6');
    expect((await kit.get('/v1/event', { id: six.id })).status).toBe(200);
    await fetch(`${kit.url}/v1/events?id=${six.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    });
    // Visits 5 to 8 move two hours later, as one unit (as series-service.ts queues "this and following").
    const later = (e: Json) => new Date(Date.parse(e.start_time) + 2 * 3_600_000).toISOString();
    const moving = made.filter((e) => Number(e.custom_data.frontdesk_series_n) >= 5);
    const move = {
      series_id: 'series-move',
      change: 'move',
      title: 'Physio - Sam Series',
      steps: moving
        .sort((a, b) => Date.parse(a.start_time) - Date.parse(b.start_time))
        .map((e) => ({
          put: {
            external_id: e.external_id,
            start_time: later(e),
            end_time: new Date(Date.parse(e.end_time) + 2 * 3_600_000).toISOString(),
          },
          live_only: true,
        })),
    };
    const op = await first.enqueue('event.series', move, { accountKey: ACCOUNT });
    await first.close();

    await crashAt(kit, dataDir, token, 2, kills);
    const again = await openOutbox({
      dataDir,
      service,
      account: () => ACCOUNT,
      options: { doneRetentionMs: Infinity },
    });
    try {
      again.start();
      await drained(again, ACCOUNT);
      expect(again.get(op.id)).toMatchObject({ status: 'done', result: { steps: 4 } });
    } finally {
      await again.close();
    }
    const after = await visitsOf(kit, 'series-move', base);
    const byN = new Map<string, Json[]>();
    for (const e of after)
      byN.set(e.custom_data.frontdesk_series_n, [...(byN.get(e.custom_data.frontdesk_series_n) ?? []), e]);
    for (const e of made) {
      const n = e.custom_data.frontdesk_series_n as string;
      const now = byN.get(n)!;
      expect(now).toHaveLength(1); // never a second appointment for a visit
      if (n === '6') expect(now[0].is_deleted).toBe(true);
      else expect(Date.parse(now[0].start_time)).toBe(Date.parse(Number(n) >= 5 ? later(e) : e.start_time));
    }
  }, 90_000);
});
