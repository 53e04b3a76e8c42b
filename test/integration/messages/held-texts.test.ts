/**
 * Never stale: a text queued while offline shows "Not sent yet"; one still unsent 15 minutes after it was written is
 * held (nothing is sent) until the user chooses "Send now anyway" or "Discard". Time is a fake clock advanced by the
 * test; the sandbox is real.
 */
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { MadeCore } from '../../support/auth-fixture';
import { tempDir } from '../../support/core-fixture';
import { fakeClock } from '../../support/fake-clock';
import { waitFor } from '../../support/wait';
import { call, callRaw, goOffline, goOnline, useSandbox, waitForOp } from '../../support/bootstrap';
import { mintToken, openOutbox, tokenClient } from '../outbox/helpers';
import { messagingCore, textsRecorded } from './messages-kit';

const ACCOUNT = 'sandbox|owner';
const MINUTE = 60_000;
const HELD = 'Not sent: it was written more than 15 minutes ago. Send it now anyway, or discard it.';

describe('held texts', () => {
  const kit = useSandbox({ contacts: 30, events: 60 });
  const dir = tempDir('held-texts-');
  const cores: MadeCore[] = [];

  afterEach(async () => {
    for (const made of cores.splice(0)) await made.cleanup();
    await kit.admin().clearFaults();
  });
  afterAll(() => {
    dir.cleanup();
  });

  it('sends a text that waited 14 minutes; holds one that waited 16 until "Send now anyway"', async () => {
    const clock = fakeClock();
    let online = false;
    const token = await mintToken(kit.sb.url, 'owner@frontdesk.test');
    const outbox = await openOutbox({
      dataDir: join(dir.dir, 'outbox'),
      service: tokenClient(kit.sb.url, () => token, clock),
      account: () => ACCOUNT,
      online: () => online,
      clock,
    });
    try {
      outbox.start();
      const before = await textsRecorded(kit.sb);
      const soon = await outbox.enqueue('message.reply', {
        conversation_id: 800001,
        content: 'Room 2 is ready for you',
      });
      clock.advance(14 * MINUTE);
      online = true;
      outbox.wake('online');
      await outbox.settled();
      expect(outbox.get(soon.id)?.status).toBe('done');
      expect(await textsRecorded(kit.sb)).toBe(before + 1);

      online = false;
      const late = await outbox.enqueue('message.reply', {
        conversation_id: 800001,
        content: 'We are running about 20 minutes late',
      });
      clock.advance(16 * MINUTE);
      online = true;
      outbox.wake('online');
      await outbox.settled();
      expect(outbox.get(late.id)).toMatchObject({
        status: 'needs_attention',
        lastError: { kind: 'held', message: HELD },
      });
      // Nothing was sent, and nothing sends it by itself: not "Retry now", not a plain retry.
      outbox.retryNow();
      await outbox.settled();
      await outbox.retry(late.id);
      await outbox.settled();
      expect(outbox.get(late.id)?.status).toBe('needs_attention');
      expect(await textsRecorded(kit.sb)).toBe(before + 1);

      await outbox.sendAnyway(late.id);
      await outbox.settled();
      expect(outbox.get(late.id)?.status).toBe('done');
      expect(await textsRecorded(kit.sb)).toBe(before + 2);
      // Only texts can be sent "anyway".
      const mark = await outbox.enqueue('event.mark', { id: 1, state: 'arrived' });
      await expect(outbox.sendAnyway(mark.id)).rejects.toThrow(/only a held text/);
    } finally {
      await outbox.close();
    }
  });

  it('through the bridge: "Not sent yet" offline, held after 15 minutes, then sent once or discarded', async () => {
    const clock = fakeClock();
    const made = await messagingCore(kit.sb, { clock });
    cores.push(made);
    const thread = (await call(made, 'messages:threads', {})).threads[0]!;
    await call(made, 'messages:thread', { id: thread.id });
    const before = await textsRecorded(kit.sb);

    await goOffline(kit.sb, made);
    const item = await call(made, 'messages:reply', { threadId: thread.id, text: 'Your room is ready' });
    const other = await call(made, 'messages:reply', { threadId: thread.id, text: 'Please call us back' });
    let detail = await call(made, 'messages:thread', { id: thread.id });
    expect(detail.source).toBe('cache');
    expect(detail.pending.map((p) => [p.text, p.status, p.held])).toEqual([
      ['Your room is ready', 'queued', false],
      ['Please call us back', 'queued', false],
    ]);
    expect(detail.thread.pending).toBe(2);

    clock.advance(16 * MINUTE);
    detail = await call(made, 'messages:thread', { id: thread.id });
    expect(detail.pending.map((p) => p.held)).toEqual([true, true]);

    await goOnline(kit.sb, made);
    await made.core.outbox.get().settled();
    const held = await waitForOp(made, item.id, 'needs_attention');
    expect(held.lastError?.kind).toBe('held');
    // Texts of one thread go in the order written: the second waits behind the held one (shown held too).
    await made.core.outbox.get().settled();
    expect(made.core.outbox.get().get(other.id)?.status).toBe('queued');
    const listed = (await call(made, 'outbox:list')).find((i) => i.id === item.id);
    expect(listed).toMatchObject({ held: true, status: 'needs_attention' });
    expect(await textsRecorded(kit.sb)).toBe(before);

    const sent = await call(made, 'outbox:send-anyway', { id: item.id });
    expect(sent.status).toBe('queued');
    await waitForOp(made, item.id, 'done');
    await waitForOp(made, other.id, 'needs_attention');
    await call(made, 'outbox:discard', { id: other.id });
    expect(await textsRecorded(kit.sb)).toBe(before + 1);
    detail = await waitFor(
      async () => {
        const d = await call(made, 'messages:thread', { id: thread.id });
        return d.pending.length === 0 ? d : null;
      },
      { what: 'the thread without pending texts' },
    );
    expect(detail.messages.filter((m) => m.text === 'Your room is ready' && m.direction === 'out')).toHaveLength(1);
    expect(detail.messages.some((m) => m.text === 'Please call us back')).toBe(false);
    const again = await callRaw(made, 'outbox:send-anyway', { id: item.id });
    expect(again).toMatchObject({ ok: false, error: { code: 'validation' } });
  });
});
