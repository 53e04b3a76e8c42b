/**
 * How a store asks core: the newest request wins (the answer to an older one is dropped, so a slow answer never
 * paints over a newer one), and the same question asked again while it is in flight shares that one call. Core
 * answers with its store's records; what changes afterwards arrives as `store:changed` (stores/store-events.ts).
 */
import type { Result } from '../../common/contract';

/** One kind of question a store asks. */
export interface Query<A, R> {
  /** The answer, or null when a newer question was asked meanwhile (or `cancel()` was called). */
  run(args: A): Promise<Result<R> | null>;
  /** Drops the answers of every question asked so far (the account changed, the screen was cleared). */
  cancel(): void;
}

/** A query over one bridge call. */
export function query<A, R>(ask: (args: A) => Promise<Result<R>>): Query<A, R> {
  let seq = 0;
  const inFlight = new Map<string, Promise<Result<R>>>();
  return {
    async run(args) {
      const mine = ++seq;
      const key = JSON.stringify(args ?? null);
      let call = inFlight.get(key);
      if (!call) {
        const made = ask(args);
        const done = () => {
          if (inFlight.get(key) === made) inFlight.delete(key);
        };
        made.then(done, done);
        inFlight.set(key, made);
        call = made;
      }
      const answer = await call;
      return mine === seq ? answer : null;
    },
    cancel() {
      seq++;
      inFlight.clear();
    },
  };
}
