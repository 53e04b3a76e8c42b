/**
 * The one timer of every loop that waits longer after each failure — in core the outbox's sender, the texts poller,
 * the booking watch and the read-ahead; in the renderer the schedule's live updates and the browser host's
 * reconnection: the wait after the n-th failure in a row is min(cap, first · 2^(n − 1)), drawn uniformly below that
 * when a random source is given (full jitter); a success forgets the failures, and "retry now" (the service is back)
 * forgets them and runs at once. Pure: driven by the injected clock, so tests set the time; no Node, no DOM.
 */

/** What the timer needs of a clock (core's `Clock` and the page's `pageClock` both fit). */
export interface TimerClock {
  /** Runs `fn` after `ms`; returns the cancel. */
  setTimeout(fn: () => void, ms: number): () => void;
}

/** How the waits grow. */
export interface Backoff {
  /** The wait after the first failure. */
  firstMs: number;
  /** The longest wait. */
  capMs: number;
  /** Full jitter: each wait is uniform in [0, window), drawn from this source of [0, 1). */
  random?: () => number;
}

/** The wait after `failures` failures in a row (at least 1): min(cap, first · 2^(failures − 1)), jittered if asked. */
export function backoffWait(failures: number, backoff: Backoff): number {
  const exponent = Math.min(Math.max(0, failures - 1), 60);
  const window = Math.min(backoff.capMs, backoff.firstMs * 2 ** exponent);
  return backoff.random ? Math.floor(Math.min(Math.max(backoff.random(), 0), 1) * window) : window;
}

/** Runs `run` on the clock: after a given wait, or after the backoff wait of the failures so far. */
export class RetryTimer {
  private count = 0;
  private cancel: (() => void) | null = null;

  /** `backoff` may be a function when the waits depend on the moment (the poller's visible or hidden period). */
  constructor(
    private readonly clock: TimerClock,
    private readonly run: () => void,
    private readonly backoff: Backoff | (() => Backoff),
  ) {}

  /** Failures in a row since the last success. */
  get failures(): number {
    return this.count;
  }

  /** Whether a run is waiting on the clock. */
  get armed(): boolean {
    return this.cancel !== null;
  }

  /** Runs after `ms` (0: as soon as the clock allows), replacing a run already waiting. */
  after(ms: number): void {
    this.stop();
    const cancel = this.clock.setTimeout(
      () => {
        if (this.cancel !== cancel) return;
        this.cancel = null;
        this.run();
      },
      Math.max(0, ms),
    );
    this.cancel = cancel;
  }

  /** A success: the failures are forgotten; runs again after `nextMs` when given. */
  succeed(nextMs?: number): void {
    this.count = 0;
    if (nextMs !== undefined) this.after(nextMs);
  }

  /** A failure: runs again after the next backoff wait (never sooner than `atLeastMs`); returns that wait. */
  fail(atLeastMs = 0): number {
    this.count++;
    const wait = Math.max(this.backoffMs(), atLeastMs);
    this.after(wait);
    return wait;
  }

  /** The wait the failures so far call for (0 without failures). */
  backoffMs(): number {
    return this.count === 0 ? 0 : backoffWait(this.count, this.current());
  }

  /** The service is back (or a fresh start): the failures are forgotten and it runs at once. */
  retryNow(): void {
    this.count = 0;
    this.after(0);
  }

  /** Nothing waits any more and the failures are forgotten (another account, a fresh start). */
  reset(): void {
    this.stop();
    this.count = 0;
  }

  /** Nothing waits any more (the failures are kept). */
  stop(): void {
    this.cancel?.();
    this.cancel = null;
  }

  private current(): Backoff {
    return typeof this.backoff === 'function' ? this.backoff() : this.backoff;
  }
}
