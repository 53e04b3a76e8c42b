/**
 * Screens read first. The reads core's services make for a screen go to the service at once; background work (the
 * read-ahead for offline work, the texts poller) asks before it starts and waits while any read through core's context
 * is under way, and for a short quiet time after. After a sign-in, or a start with a saved session, it also waits for
 * the first screen's reads (or a few seconds with none), so the calendar a receptionist opens is not queued behind a
 * fortnight of free times and every thread's texts. Writes (the outbox) do not hold it back.
 */
import type { z } from 'zod';
import type { ServiceRequest, ServiceRequester } from './api/service-client';
import type { Clock } from './platform';

/** Timing of the wait (tests shorten it). */
export interface ScreenFirstOptions {
  /** Quiet time after the last screen read before background reads go (default 500 ms). */
  quietMs?: number;
  /** After an account change, how long background reads wait for a screen to read at all (default 5 s). */
  firstScreenMs?: number;
}

/** Counts the screens' reads in flight and tells background work when it may go. */
export class ScreenFirst {
  private inFlight = 0;
  private lastEnd = -Infinity;
  /** A screen has read since the last account change. */
  private screenRead = true;
  private holdUntil = -Infinity;
  private waiters: (() => void)[] = [];
  private cancelTimer: () => void = () => undefined;
  private stopped = false;
  private account: string | null = null;

  constructor(
    private readonly clock: Clock,
    private readonly options: ScreenFirstOptions = {},
  ) {}

  /** The requester screens read through: each of its requests holds background reads back while it runs. */
  screens(inner: ServiceRequester): ServiceRequester {
    return {
      request: async <S extends z.ZodType>(req: ServiceRequest<S>): Promise<z.output<S>> => {
        this.inFlight++;
        try {
          return await inner.request(req);
        } finally {
          this.inFlight--;
          this.lastEnd = this.clock.now();
          this.screenRead = true;
          this.wake();
        }
      },
    };
  }

  /** Signed in (or a saved session at start): for a new account, background reads wait for the first screen's. */
  accountChanged(account: string): void {
    if (account === this.account) return;
    this.account = account;
    this.screenRead = false;
    this.holdUntil = this.clock.now() + (this.options.firstScreenMs ?? 5_000);
  }

  /** Null when background reads may go now; else a promise that resolves when they may. */
  turn(): Promise<void> | null {
    if (this.stopped || this.clearAt() <= this.clock.now()) return null;
    const waiting = new Promise<void>((resolve) => this.waiters.push(resolve));
    this.wake();
    return waiting;
  }

  /** Lets every waiter go (core stops). */
  stop(): void {
    this.stopped = true;
    this.cancelTimer();
    for (const resolve of this.waiters.splice(0)) resolve();
  }

  /** When background reads may go (Infinity while a screen read is under way). */
  private clearAt(): number {
    if (this.inFlight > 0) return Infinity;
    const quiet = this.lastEnd + (this.options.quietMs ?? 500);
    return this.screenRead ? quiet : Math.max(quiet, this.holdUntil);
  }

  private wake(): void {
    this.cancelTimer();
    if (this.waiters.length === 0) return;
    const at = this.clearAt();
    if (at === Infinity) return; // the read under way wakes us when it ends
    const now = this.clock.now();
    if (at <= now) {
      for (const resolve of this.waiters.splice(0)) resolve();
      return;
    }
    this.cancelTimer = this.clock.setTimeout(() => this.wake(), at - now);
  }
}
