/**
 * When to ask the service for new texts: every `pollMs` while the window is visible, `hiddenPollMs` while hidden or
 * idle, at once when the outbox has sent a text (so it shows in its thread), and backing off while offline or failing.
 */
import type { CoreContext } from '../core-context';
import { RetryTimer } from '../../../common/retry-timer';

/** Longest wait between polls after failures. */
const MAX_POLL_MS = 5 * 60_000;

/** How often to ask: every `pollMs` while visible (default 15 s), `hiddenPollMs` while hidden or idle (default 60 s). */
export interface PollTiming {
  pollMs?: number;
  hiddenPollMs?: number;
}

/** What the poller needs: from core's context, and its timing. */
type PollerDeps = Pick<
  CoreContext,
  'account' | 'clock' | 'outbox' | 'grantedScopes' | 'isOnline' | 'readsFirst' | 'background'
> &
  PollTiming;

/** Calls `poll` on a timer while running; a poll that throws counts as a failure. */
export class MessagePoller {
  private readonly timer: RetryTimer;
  private visible = true;
  private running = false;
  private detach: (() => void) | null = null;
  /** A poll waiting for the screens' reads to end. */
  private waiting: Promise<void> | null = null;

  constructor(
    private readonly deps: PollerDeps,
    private readonly poll: () => Promise<void>,
  ) {
    // After n failures in a row: the period doubled n times (the first failure waits two periods), at most 5 min.
    this.timer = new RetryTimer(
      deps.clock,
      () => void this.tick(),
      () => ({ firstMs: 2 * this.period(), capMs: MAX_POLL_MS }),
    );
  }

  /** Starts polling (while signed in) and follows the outbox: a text it sent shows in its thread at once. */
  start(): void {
    this.running = true;
    try {
      this.detach = this.deps.outbox.get().onChange((event) => {
        if (event.type === 'op' && event.op.kind.startsWith('message.') && event.op.status === 'done') this.pollSoon();
      });
    } catch {
      // The outbox could not be opened (its own notice says so); threads are still read.
    }
    this.pollSoon();
  }

  /** Forgets the failures' backoff and asks at once (signed in anew, or the service answers again). */
  restart(): void {
    if (this.running) this.timer.retryNow();
    else this.timer.succeed();
  }

  /** Stops polling (a poll under way still finishes). */
  stop(): void {
    this.running = false;
    this.detach?.();
    this.detach = null;
    this.timer.stop();
  }

  /** The window is visible and in use, or hidden/idle (polls every minute then). */
  setVisible(visible: boolean): void {
    const was = this.visible;
    this.visible = visible;
    if (visible && !was) this.pollSoon();
    else this.arm();
  }

  /** Asks the service now (coalesced). */
  pollSoon(): void {
    if (this.running) this.timer.after(0);
  }

  /** The wait before the next poll: the visible or hidden period, doubled per failure (capped). */
  nextDelay(): number {
    return this.timer.failures === 0 ? this.period() : this.timer.backoffMs();
  }

  private period(): number {
    return this.visible ? (this.deps.pollMs ?? 15_000) : (this.deps.hiddenPollMs ?? 60_000);
  }

  private arm(): void {
    if (this.running) this.timer.after(this.nextDelay());
  }

  /** Resolves once a poll that was waiting for the screens' reads has begun (tests). */
  async begun(): Promise<void> {
    while (this.waiting) await this.waiting;
  }

  private async tick(): Promise<void> {
    // A poll is a background read: it waits while a screen's reads are under way (and for the first screen's).
    const wait = this.deps.readsFirst();
    if (wait) {
      this.waiting = wait;
      await wait;
      this.waiting = null;
      if (!this.running || this.timer.armed) return; // stopped, or another poll was asked for meanwhile
    }
    const scopes = this.deps.grantedScopes();
    if (!this.deps.account() || (scopes !== null && !scopes.includes('messaging:read'))) return this.arm();
    if (!this.deps.isOnline()) return void this.fail();
    try {
      // Its reads are background reads too: each gives way to a screen's and takes a place among the read-ahead's,
      // instead of holding the read-ahead back while every thread is read (screen-first.ts).
      const background = this.deps.background;
      await (background ? background.run(() => this.poll()) : this.poll());
    } catch {
      return void this.fail();
    }
    this.timer.succeed(this.running ? this.period() : undefined);
  }

  /** Asks again after the backoff wait (stopped meanwhile: the failure counts, nothing is asked). */
  private fail(): void {
    this.timer.fail();
    if (!this.running) this.timer.stop();
  }
}
