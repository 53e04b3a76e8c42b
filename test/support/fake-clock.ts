/** A controllable clock for the platform and the sandbox: real time plus an offset that tests advance. */
import type { Clock } from '../../main/core/platform';

interface Timer {
  due: number;
  fn: () => void;
  done: boolean;
}

/** A Clock whose time jumps with `advance`; timers fire when their (fake) time has come. */
export interface FakeClock extends Clock {
  /** Moves time forward; `fireTimers: false` models a machine that slept (timers late). */
  advance(ms: number, options?: { fireTimers?: boolean }): void;
  /** For the sandbox's `now` option. */
  date(): Date;
  /** Due times (fake ms) of the timers still waiting: shows what a loop decided to wait for. */
  pending(): number[];
}

/** Starts at the real time; only `advance` makes it drift. */
export function fakeClock(): FakeClock {
  let offset = 0;
  const timers = new Set<Timer>();
  const now = () => Date.now() + offset;
  const fire = (timer: Timer) => {
    if (timer.done) return;
    timer.done = true;
    timers.delete(timer);
    timer.fn();
  };
  return {
    now,
    date: () => new Date(now()),
    setTimeout(fn, ms) {
      const timer: Timer = { due: now() + ms, fn, done: false };
      timers.add(timer);
      const real = setTimeout(() => fire(timer), ms);
      real.unref();
      return () => {
        timer.done = true;
        timers.delete(timer);
        clearTimeout(real);
      };
    },
    pending: () => [...timers].map((t) => t.due),
    advance(ms, { fireTimers = true } = {}) {
      offset += ms;
      if (!fireTimers) return;
      for (const timer of [...timers]) if (timer.due <= now()) fire(timer);
    },
  };
}
