/**
 * The one store shape: each zustand store lists its data fields once, in a `getEmptyState()` typed with
 * `StoreData<State>`, and builds both its first state and its reset from it — so a field added to the state must be
 * added there, and a reset cannot forget it (test/integration/renderer/store-reset.test.ts checks every store).
 */

/** The data part of a store's state: every field that is not an action. */
export type StoreData<State> = {
  [K in keyof State as State[K] extends (...args: never[]) => unknown ? never : K]: State[K];
};
