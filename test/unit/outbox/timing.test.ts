/** Retry timing on a controllable clock: backoff windows, Retry-After as a floor, "Retry now" and compaction by size. */
import { afterEach, describe, expect, it } from 'vitest';
import { ServiceError } from '../../../main/core/api/service-error';
import type { Outbox } from '../../../main/core/outbox';
import { tempDir } from '../../support/core-fixture';
import { fakeClock, type FakeClock } from '../../support/fake-clock';
import { waitFor } from '../../support/wait';
import { memorySettings, openTestOutbox, ScriptedService } from './support';

const dirs: Array<{ cleanup(): void }> = [];
const boxes: Outbox[] = [];
afterEach(async () => {
  for (const box of boxes.splice(0)) await box.close();
  dirs.splice(0).forEach((d) => d.cleanup());
});
function folder(): string {
  const d = tempDir('outbox-timing-');
  dirs.push(d);
  return d.dir;
}
const busy = (retryAfterMs?: number) =>
  new ServiceError('retryable', 'PUT /v1/contacts', 'busy', {
    status: 503,
    ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
  });

/**
 * A timer is armed for `due` (not before it): the loop computes the delay from its own reading of the clock, and the
 * fake clock adds it to a reading a real millisecond or two later, so the due time may be a little after `due`.
 */
const armedFor = (clock: FakeClock, due: number) => clock.pending().some((at) => at >= due && at < due + 1000);

describe('outbox retry timing', () => {
  it('waits within the doubling window, not before, and "Retry now" clears the wait', async () => {
    const clock = fakeClock();
    let fail = 3;
    const service = new ScriptedService(() => {
      if (fail-- > 0) throw busy();
      return { contacts: [{ id: 1 }] };
    });
    const box = await openTestOutbox({
      dataDir: folder(),
      service,
      clock,
      options: { baseDelayMs: 60_000, maxDelayMs: 300_000 },
    });
    boxes.push(box);
    box.start();
    const op = await box.enqueue('contact.update', { id: 1, name: 'Later' });
    for (const attempts of [1, 2]) {
      const view = await waitFor(() => (box.get(op.id)?.attempts === attempts ? box.get(op.id) : null));
      const wait = view.nextAttemptAt - (view.lastError?.at ?? 0);
      // random() is 0.5 in the harness: half of min(cap, 60 s · 2^(n−1)).
      expect(wait).toBe(30_000 * 2 ** (attempts - 1));
      clock.advance(wait - 1000);
      // The send loop looked again and chose to wait for the op's time: a timer due then is the proof.
      await waitFor(() => armedFor(clock, view.nextAttemptAt));
      expect(service.calls).toHaveLength(attempts);
      clock.advance(1000);
      await waitFor(() => service.calls.length === attempts + 1);
    }
    await waitFor(() => box.get(op.id)?.attempts === 3);
    box.retryNow();
    await waitFor(() => box.get(op.id)?.status === 'done');
  });

  it('takes Retry-After as a floor for the whole account, even on "Retry now"', async () => {
    const clock = fakeClock();
    let first = true;
    const service = new ScriptedService(() => {
      if (first) {
        first = false;
        throw new ServiceError('retryable', 'PUT /v1/contacts', 'slow down', { status: 429, retryAfterMs: 120_000 });
      }
      return { contacts: [{ id: 1 }] };
    });
    const box = await openTestOutbox({ dataDir: folder(), service, clock });
    boxes.push(box);
    box.start();
    const a = await box.enqueue('contact.update', { id: 1, name: 'A' });
    const failed = await waitFor(() => (box.get(a.id)?.attempts === 1 ? box.get(a.id) : null));
    expect(failed.nextAttemptAt - (failed.lastError?.at ?? 0)).toBe(120_000);
    await box.enqueue('contact.update', { id: 2, name: 'B' });
    box.retryNow();
    clock.advance(119_000);
    // The account's floor holds: the loop re-armed for the end of Retry-After instead of sending.
    await waitFor(() => armedFor(clock, failed.nextAttemptAt));
    expect(service.calls).toHaveLength(1);
    clock.advance(1000);
    await waitFor(() => box.counts().active.queued === 0 && box.counts().active.sending === 0);
    expect(service.calls).toHaveLength(3);
  });

  it('compacts when the log outgrows the live ops, keeping recent done ops and dropping old ones', async () => {
    const clock = fakeClock();
    const dir = folder();
    const settings = memorySettings();
    const service = new ScriptedService(() => ({ contacts: [{ id: 1 }] }));
    const box = await openTestOutbox({
      dataDir: dir,
      service,
      clock,
      settings,
      options: { compactMinRecords: 20, compactFactor: 2, doneRetentionMs: 60_000 },
    });
    box.start();
    const old = await box.enqueue('contact.update', { id: 1, name: 'Old' });
    await waitFor(() => box.get(old.id)?.status === 'done');
    clock.advance(61_000);
    const recent: string[] = [];
    for (let i = 0; i < 10; i++) recent.push((await box.enqueue('contact.update', { id: 100 + i, name: `N${i}` })).id);
    await waitFor(() => recent.every((id) => box.get(id)?.status === 'done'));
    await waitFor(() => box.get(old.id) === null);
    await box.close();
    const reopened = await openTestOutbox({
      dataDir: dir,
      service,
      clock,
      settings,
      options: { doneRetentionMs: 60_000 },
    });
    boxes.push(reopened);
    expect(reopened.get(old.id)).toBeNull();
    expect(recent.every((id) => reopened.get(id)?.status === 'done')).toBe(true);
  });
});
