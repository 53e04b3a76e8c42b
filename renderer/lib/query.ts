/**
 * How a store asks core: the newest request wins (the answer to an older one is dropped, so a slow answer never
 * paints over a newer one), and the same question asked again while it is in flight shares that one call. Core
 * answers with its store's records; what changes afterwards arrives as `store:changed` (stores/store-events.ts).
 * The renderer keeps no counter or in-flight map of its own beside these (test/unit/lint/module-state.test.ts).
 */
import type { Result } from '../../common/contract';

/** One kind of question a store asks. */
export interface Query<A, R> {
  /** The answer, or null when a newer question was asked meanwhile (or `cancel()` was called). */
  run(args: A): Promise<Result<R> | null>;
  /**
   * A check for the question asked last: true until another is asked or `cancel()` is called. For a store that goes
   * on after the answer (waits for core's fresh answer, asks a second thing) or waits before it asks.
   */
  turn(): () => boolean;
  /** Drops the answers of every question asked so far (the account changed, the screen was cleared). */
  cancel(): void;
}

/** How a query shares calls. */
export interface QueryOptions {
  /**
   * False: every question makes its own call, none shares one in flight — for a question asked again because
   * something changed (an event, a write made here), or whose fresh answer follows as a store change that each asker
   * must be waiting for before its own call (`waitForFresh`, lib/store-changes.ts). True when absent.
   */
  shareInFlight?: boolean;
}

/** Questions in flight: the same question asked meanwhile shares the one call, and every asker gets its answer. */
export interface InFlight<A, R> {
  run(args: A): Promise<Result<R>>;
  /** The calls in flight are not shared from now on. */
  forget(): void;
}

/** One call per question while it is in flight (questions are the same when their JSON is). */
export function inFlight<A, R>(ask: (args: A) => Promise<Result<R>>): InFlight<A, R> {
  const calls = new Map<string, Promise<Result<R>>>();
  return {
    run(args) {
      const key = JSON.stringify(args ?? null);
      const shared = calls.get(key);
      if (shared) return shared;
      const made = ask(args);
      const done = () => {
        if (calls.get(key) === made) calls.delete(key);
      };
      made.then(done, done);
      calls.set(key, made);
      return made;
    },
    forget() {
      calls.clear();
    },
  };
}

/** A query over one bridge call. */
export function query<A, R>(ask: (args: A) => Promise<Result<R>>, options: QueryOptions = {}): Query<A, R> {
  let seq = 0;
  const calls = options.shareInFlight === false ? null : inFlight(ask);
  return {
    async run(args) {
      const mine = ++seq;
      const answer = await (calls ? calls.run(args) : ask(args));
      return mine === seq ? answer : null;
    },
    turn() {
      const mine = seq;
      return () => mine === seq;
    },
    cancel() {
      seq++;
      calls?.forget();
    },
  };
}
