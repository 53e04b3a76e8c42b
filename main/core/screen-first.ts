/**
 * Screens read first. The reads core's services make for a screen go to the service at once; background work (the
 * read-ahead for offline work, the texts poller) asks before it starts and waits while any read through core's context
 * is under way, and for a short quiet time after. After a sign-in, or a start with a saved session, it also waits for
 * the first screen's reads (or a few seconds with none), so the calendar a receptionist opens is not queued behind a
 * fortnight of free times and every thread's texts. Writes (the outbox) do not hold it back.
 *
 * The read-ahead reads in the background (`background`): each of its requests waits while a screen's read is under
 * way, so a screen's read never queues behind it, and at most BACKGROUND_AT_ONCE of them are at the service at once
 * (the service's documents name no limit; its users speak of bursts of 100 requests a minute). It waits for the first
 * screen's reads after a sign-in (`firstScreen`: answered, and the quiet time with no read following, as the schedule
 * reads its range only once the list has named the practice's zone), then for no quiet time: its requests give way
 * one by one instead.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
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

/** Background requests at the service at once: as many as a browser opens to one host. */
export const BACKGROUND_AT_ONCE = 6;

/** Counts the screens' reads in flight and tells background work when it may go. */
export class ScreenFirst {
  private inFlight = 0;
  /** Background requests at the service now, and those waiting for a screen's reads or a free place. */
  private backgroundInFlight = 0;
  private backgroundWaiters: (() => void)[] = [];
  /** Marks the work `background` runs, through every await of it. */
  private readonly backgroundWork = new AsyncLocalStorage<true>();
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
        if (this.backgroundWork.getStore()) return this.backgroundRequest(() => inner.request(req));
        this.inFlight++;
        try {
          return await inner.request(req);
        } finally {
          this.inFlight--;
          this.lastEnd = this.clock.now();
          this.screenRead = true;
          this.wake();
          // A screen's next read often follows on this answer, in the same turn (a search's next page): background
          // requests look again in the next turn, once it is under way, so none slips in between.
          setImmediate(() => this.wakeBackground());
        }
      },
    };
  }

  /**
   * Runs `work` in the background: every request it makes through the screens' requester (however deep in core's
   * services) waits while a screen's read is under way and for a place among BACKGROUND_AT_ONCE.
   */
  background<T>(work: () => Promise<T>): Promise<T> {
    return this.backgroundWork.run(true, work);
  }

  /**
   * Null when the first screen after the last account change has its answers (or had its few seconds), else when it
   * will have: the read-ahead starts then (its requests give way one by one after that).
   */
  firstScreen(): Promise<void> | null {
    if (this.stopped || this.firstScreenDone()) return null;
    return new Promise<void>((resolve) => {
      const check = () => {
        if (this.stopped || this.firstScreenDone()) resolve();
        else {
          this.backgroundWaiters.push(check);
          // The quiet time after the screen's last read: the next of its reads may follow that answer (see below).
          if (this.screenRead && this.inFlight === 0)
            this.clock.setTimeout(
              () => this.wakeBackground(true),
              Math.max(0, this.lastEnd + this.quietMs() - this.clock.now()),
            );
        }
      };
      this.backgroundWaiters.push(check);
      this.clock.setTimeout(() => this.wakeBackground(true), Math.max(0, this.holdUntil - this.clock.now()));
    });
  }

  /**
   * The page says it painted its first screen (`app:first-screen`): the read-ahead waits for it no longer. Without it
   * (no page, or a page that never painted one) the quiet time and the few seconds' hold decide, as before. Its
   * requests still give way one by one to any screen read under way.
   */
  firstScreenShown(): void {
    const now = this.clock.now();
    if (this.holdUntil <= now) return;
    this.holdUntil = now;
    this.wakeBackground(true);
  }

  /**
   * The first screen has its answers: it has read, no read of it is under way, and none followed within the quiet
   * time. A screen's reads come one after another (the schedule's list, then its range in the zone the list names),
   * so the answer to one read is not yet the screen answered.
   */
  private firstScreenDone(): boolean {
    const now = this.clock.now();
    if (this.holdUntil <= now) return true;
    return this.screenRead && this.inFlight === 0 && this.lastEnd + this.quietMs() <= now;
  }

  private quietMs(): number {
    return this.options.quietMs ?? 500;
  }

  /** A background request: sent when no screen read is under way and a place is free. */
  private async backgroundRequest<T>(send: () => Promise<T>): Promise<T> {
    while (!this.stopped && (this.inFlight > 0 || this.backgroundInFlight >= BACKGROUND_AT_ONCE))
      await new Promise<void>((resolve) => this.backgroundWaiters.push(resolve));
    this.backgroundInFlight++;
    try {
      return await send();
    } finally {
      this.backgroundInFlight--;
      this.wakeBackground();
    }
  }

  /** Lets the waiting background requests look again (each goes or waits again). */
  private wakeBackground(always = false): void {
    if (!always && !this.stopped && this.inFlight > 0) return;
    for (const resolve of this.backgroundWaiters.splice(0)) resolve();
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
    this.wakeBackground(true);
  }

  /**
   * When background reads may go (Infinity while a screen read is under way). The read-ahead's reads do not hold
   * them: a poll's reads are background reads too and take places among the read-ahead's (`background`).
   */
  private clearAt(): number {
    if (this.inFlight > 0) return Infinity;
    const quiet = this.lastEnd + this.quietMs();
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
