/**
 * The texts poller, on a fake clock against the real sandbox: it asks only what changed (`updated_since`: one list
 * request and no thread read when nothing changed), reads the one thread that did, backs off while the service fails
 * (the one retrying timer, common/retry-timer.ts), and asks less often while the window is hidden — at once when it
 * is visible again.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../sandbox/index';
import { admin, type MadeCore } from '../../support/auth-fixture';
import { call, useSandbox } from '../../support/bootstrap';
import { fakeClock, type FakeClock } from '../../support/fake-clock';
import { waitFor } from '../../support/wait';
import { messagingCore, patientTexts, recordEvents } from './messages-kit';

const POLL_MS = 15_000;
const HIDDEN_MS = 60_000;

/** How many times each route answered (any status). */
async function asked(sb: Sandbox, route: string): Promise<number> {
  const stats = await admin(sb).stats();
  return Object.values(stats.requests[route] ?? {}).reduce((a, b) => a + b, 0);
}

describe('texts poller', () => {
  // Counts the texts a service with change markers needs read, even under SANDBOX_VARY (a varied service may send
  // none: then each recent thread's texts are read again, messages/varied-service.test.ts).
  const kit = useSandbox({ contacts: 30, events: 60, vary: false });
  let made: MadeCore;
  let clock: FakeClock;

  afterEach(async () => {
    await made.cleanup();
    await kit.admin().clearFaults();
  });

  /** Lets the poll that is due now run, and waits for it. */
  async function pollNow(): Promise<void> {
    clock.advance(made.core.messages.nextDelay());
    await made.core.messages.settled();
  }

  it('asks only what changed, reads only the thread that changed, and announces its new text', async () => {
    clock = fakeClock();
    const urls: URL[] = [];
    made = await messagingCore(kit.sb, {
      clock,
      pollMs: POLL_MS,
      // Watches the real requests (they still go to the sandbox): which `updated_since` each list asked for.
      platform: (p) => ({
        ...p,
        fetch: (input, init) => {
          urls.push(new URL(input instanceof Request ? input.url : String(input)));
          return p.fetch(input, init);
        },
      }),
    });
    const unread = recordEvents(made, 'messages:unread');
    await waitFor(() => unread.length > 0, { what: 'the first read of the threads' });
    const inbound = recordEvents(made, 'messages:inbound');
    const lists = await asked(kit.sb, 'GET /v1/conversations');
    const reads = await asked(kit.sb, 'GET /v1/conversation_messages');
    await pollNow();
    expect(await asked(kit.sb, 'GET /v1/conversations')).toBe(lists + 1);
    expect(await asked(kit.sb, 'GET /v1/conversation_messages')).toBe(reads);
    expect(inbound).toEqual([]);
    const listed = urls.filter((u) => u.pathname === '/v1/conversations');
    expect(listed[0]?.searchParams.get('updated_since')).toBeNull();
    const latest = (await call(made, 'messages:threads', {})).threads
      .map((t) => t.lastAt ?? '')
      .sort()
      .at(-1);
    expect(Date.parse(listed.at(-1)?.searchParams.get('updated_since') ?? '')).toBeGreaterThanOrEqual(
      Date.parse(latest ?? ''),
    );

    const thread = (await call(made, 'messages:threads', {})).threads[0]!;
    const afterList = await asked(kit.sb, 'GET /v1/conversation_messages');
    await patientTexts(kit.sb, { conversation_id: thread.id, content: 'C' });
    await pollNow();
    expect(await asked(kit.sb, 'GET /v1/conversation_messages')).toBe(afterList + 1);
    expect(inbound).toMatchObject([{ threadId: thread.id, text: 'C', meaning: 'confirm' }]);

    // The cursor moves on: the next list asks from the text just read, not from the first read all day.
    const firstSince = Date.parse(listed.at(-1)?.searchParams.get('updated_since') ?? '');
    await pollNow();
    const next = urls.filter((u) => u.pathname === '/v1/conversations').at(-1);
    const newest = (await call(made, 'messages:threads', {})).threads
      .map((t) => t.lastAt ?? '')
      .sort()
      .at(-1);
    const nextSince = Date.parse(next?.searchParams.get('updated_since') ?? '');
    expect(nextSince).toBeGreaterThan(firstSince);
    expect(nextSince).toBeGreaterThanOrEqual(Date.parse(newest ?? ''));
  });

  it('backs off while the service fails, and asks less often while the window is hidden', async () => {
    clock = fakeClock();
    made = await messagingCore(kit.sb, { clock, pollMs: POLL_MS, hiddenPollMs: HIDDEN_MS });
    const unread = recordEvents(made, 'messages:unread');
    await waitFor(() => unread.length > 0, { what: 'the first read of the threads' });
    const messages = made.core.messages;
    expect(messages.nextDelay()).toBe(POLL_MS);

    await kit.admin().faults({ failRate: 1, failStatus: [503], routes: ['/v1/conversations'] });
    const delays: number[] = [];
    for (let i = 0; i < 5; i++) {
      await pollNow();
      delays.push(messages.nextDelay());
    }
    expect(delays).toEqual([30_000, 60_000, 120_000, 240_000, 300_000]);
    await kit.admin().clearFaults();
    await pollNow();
    expect(messages.nextDelay()).toBe(POLL_MS);

    const lists = await asked(kit.sb, 'GET /v1/conversations');
    await call(made, 'messages:activity', { visible: false });
    expect(messages.nextDelay()).toBe(HIDDEN_MS);
    // 15 s later nothing is asked (the timer waits for 60 s); back to visible asks at once.
    clock.advance(POLL_MS);
    await messages.settled();
    expect(await asked(kit.sb, 'GET /v1/conversations')).toBe(lists);
    await call(made, 'messages:activity', { visible: true });
    await waitFor(async () => (await asked(kit.sb, 'GET /v1/conversations')) === lists + 1, {
      what: 'a poll when the window is visible again',
    });
    expect(messages.nextDelay()).toBe(POLL_MS);
  });
});
