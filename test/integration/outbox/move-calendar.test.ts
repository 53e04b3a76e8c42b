/**
 * A move to another calendar is one queued unit of two requests (kinds/move.ts): the appointment made on the new
 * calendar, then the old one cancelled. Against the real sandbox: a crash between the two halves (the child process
 * frozen right after the first half was recorded, then SIGKILLed) and a lost answer on the create each end with
 * exactly one appointment, on the new calendar, with the same people, and the old one cancelled.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../support/core-fixture';
import { drained, mintToken, openOutbox, tokenClient, useSandboxKit, type Json, type SandboxKit } from './helpers';

const ACCOUNT = 'sandbox|owner';
const CHILD = join(__dirname, 'move-child.ts');
const PEOPLE = [
  { name: 'Mara Moveson', phone: '312-555-4410', email: 'mara@example.test' },
  { name: 'Theo Moveson', phone: '312-555-4411' },
];

/** Two calendars of the account: the one the appointment is on, and the one it moves to. */
async function twoCalendars(kit: SandboxKit): Promise<[number, number]> {
  const { body } = await kit.get('/v1/calendars');
  const ids = (body.calendars as Json[]).map((c) => c.id as number);
  if (ids.length < 2) throw new Error('the sandbox needs two calendars');
  return [ids[0]!, ids[1]!];
}

/** An appointment made on `calendar` directly at the sandbox (tomorrow at 10:00 UTC), with people and custom data. */
async function oldAppointment(kit: SandboxKit, calendar: number, tag: string): Promise<Json> {
  const day = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const res = await kit.post('/v1/events', {
    events: [
      {
        calendar_id: calendar,
        title: `Cleaning - Moveson ${tag}`,
        start_time: `${day}T10:00:00Z`,
        end_time: `${day}T10:45:00Z`,
        location: 'Room 2',
        content: 'Bring the X-rays',
        participants: PEOPLE,
        custom_data: { visit_type: 'x rays', tag },
      },
    ],
  });
  expect(res.status).toBe(200);
  return res.body.events[0];
}

/** The move's payload as calendar-service.ts queues it (the same fields, to the other calendar). */
function moveOf(old: Json, to: number): Record<string, unknown> {
  return {
    from: { id: old.id },
    calendar_id: to,
    title: old.title,
    start_time: old.start_time,
    end_time: old.end_time,
    location: old.location,
    content: old.content,
    participants: (old.participants as Json[]).map((p) => ({ name: p.name, phone: p.phone, email: p.email })),
    custom_data: old.custom_data,
  };
}

/** Every event (deleted too) the move could have made: the ones carrying its external id. */
async function madeBy(kit: SandboxKit, externalId: string): Promise<Json[]> {
  const all = await kit.allPages('/v1/events', 'events', {
    begin: new Date(Date.now() - 86_400_000).toISOString(),
    end: new Date(Date.now() + 3 * 86_400_000).toISOString(),
    include_deleted: true,
  });
  return all.filter((e) => e.external_id === externalId);
}

/** Exactly one new appointment, live on the new calendar with the same people, and the old one cancelled. */
async function expectMovedOnce(kit: SandboxKit, old: Json, to: number, externalId: string): Promise<Json> {
  const made = await madeBy(kit, externalId);
  expect(made).toHaveLength(1);
  const [fresh] = made;
  expect(fresh.is_deleted).toBeFalsy();
  expect(fresh.calendar_id).toBe(to);
  expect(fresh).toMatchObject({ title: old.title, location: 'Room 2', content: 'Bring the X-rays' });
  expect(fresh.custom_data).toEqual(old.custom_data);
  const people = (p: Json[]) => p.map((x) => [x.name, x.normalized_phone]).sort();
  expect(people(fresh.participants)).toEqual(people(old.participants));
  const gone = await kit.get('/v1/event', { id: old.id });
  expect(gone.body.is_deleted).toBe(true);
  return fresh;
}

const postCount = async (kit: SandboxKit): Promise<number> =>
  Object.values(((await kit.stats()).requests['POST /v1/events'] ?? {}) as Record<string, number>).reduce(
    (a, b) => a + b,
    0,
  );

describe('a move to another calendar', () => {
  const kit = useSandboxKit();
  const dir = tempDir('outbox-move-');
  let token = '';
  const kills: Array<() => void> = [];

  beforeEach(async () => {
    await kit.faults(null);
    token = await mintToken(kit.url, 'owner@frontdesk.test');
  });
  afterAll(() => {
    for (const kill of kills) kill();
    dir.cleanup();
  });

  it('resumes after a crash between the two halves: one appointment, on the new calendar, same people', async () => {
    const [from, to] = await twoCalendars(kit);
    const old = await oldAppointment(kit, from, 'crash');
    const dataDir = join(dir.dir, 'crash');
    const parent = await openOutbox({ dataDir, service: tokenClient(kit.url, () => token), account: () => ACCOUNT });
    const op = await parent.enqueue('event.move', moveOf(old, to), { accountKey: ACCOUNT });
    await parent.close();
    const postsBefore = await postCount(kit);

    // The child sends, and is frozen right after the first half was recorded; then killed there.
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', CHILD, JSON.stringify({ dataDir, url: kit.url, token, account: ACCOUNT })],
      { cwd: join(__dirname, '../../..'), stdio: ['ignore', 'pipe', 'pipe'] },
    );
    kills.push(() => child.kill('SIGKILL'));
    let err = '';
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    const made = await new Promise<number>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (c: Buffer) => {
        out += c.toString();
        const m = /made (\d+)/.exec(out);
        if (m) resolve(Number(m[1]));
      });
      child.on('exit', () => reject(new Error(`the child ended before the first half: ${out} ${err}`)));
    });
    const exited = new Promise((resolve) => child.on('exit', resolve));
    child.kill('SIGKILL');
    await exited;

    // Between the halves: the new one is made, the old one is still there.
    const half = await madeBy(kit, op.id);
    expect(half.map((e) => [e.id, Boolean(e.is_deleted)])).toEqual([[made, false]]);
    expect((await kit.get('/v1/event', { id: old.id })).body.is_deleted).toBeFalsy();

    // After the restart it resumes from where it was: the old one is cancelled, no second appointment is made.
    const again = await openOutbox({
      dataDir,
      service: tokenClient(kit.url, () => token),
      account: () => ACCOUNT,
      options: { doneRetentionMs: Infinity },
    });
    try {
      again.start();
      await drained(again, ACCOUNT);
      expect(again.get(op.id)).toMatchObject({ status: 'done', result: { id: made } });
    } finally {
      await again.close();
    }
    await expectMovedOnce(kit, old, to, op.id);
    expect(await postCount(kit)).toBe(postsBefore + 1);
  }, 60_000);

  it('does not make two appointments when the answer of the create is lost', async () => {
    const [from, to] = await twoCalendars(kit);
    const old = await oldAppointment(kit, from, 'lost');
    const postsBefore = await postCount(kit);
    const box = await openOutbox({
      dataDir: join(dir.dir, 'lost'),
      service: tokenClient(kit.url, () => token),
      account: () => ACCOUNT,
      options: { doneRetentionMs: Infinity },
    });
    try {
      // Every write to /v1/events is applied and its answer lost, until the create's was.
      await kit.faults({ resetRate: 1, resetAfterApply: true, routes: ['/v1/events'] });
      const op = await box.enqueue('event.move', moveOf(old, to), { accountKey: ACCOUNT });
      box.start();
      for (let i = 0; (await kit.stats()).faultsInjected.resetAfterApply < 1; i++) {
        if (i > 500) throw new Error('the create was never sent');
        await new Promise((r) => setTimeout(r, 10));
      }
      await kit.faults(null);
      await drained(box, ACCOUNT);
      const done = box.get(op.id);
      expect(done?.status).toBe('done');
      expect(done?.result?.reconciled).toBe(true);
      const fresh = await expectMovedOnce(kit, old, to, op.id);
      expect(done?.result?.id).toBe(fresh.id);
      expect(await postCount(kit)).toBe(postsBefore + 1);
    } finally {
      await box.close();
    }
  }, 60_000);

  it('does not make again on the new calendar an appointment cancelled before the move went', async () => {
    const [from, to] = await twoCalendars(kit);
    const old = await oldAppointment(kit, from, 'gone');
    const box = await openOutbox({
      dataDir: join(dir.dir, 'gone'),
      service: tokenClient(kit.url, () => token),
      account: () => ACCOUNT,
      options: { doneRetentionMs: Infinity },
    });
    try {
      // Cancelled first (queued ahead of the move, which waits behind it), then the move.
      await box.enqueue('event.delete', { id: old.id }, { accountKey: ACCOUNT });
      const op = await box.enqueue('event.move', moveOf(old, to), { accountKey: ACCOUNT });
      box.start();
      await expect.poll(() => box.get(op.id)?.status, { timeout: 15_000 }).toBe('needs_attention');
      expect(box.get(op.id)?.lastError).toMatchObject({ kind: 'permanent', status: 404 });
      expect(await madeBy(kit, op.id)).toEqual([]);
      // Nothing of it reached the service, so it can be discarded.
      await box.discard(op.id);
      expect(box.get(op.id)).toBeNull();
    } finally {
      await box.close();
    }
  }, 60_000);
});
