/**
 * Compile-time proof that the handler table must match the contract exactly: `npm run
 * typecheck` fails if a @ts-expect-error below stops being an error.
 */
import { expect, it } from 'vitest';
import type { Handlers } from '../../../main/core/ipc/dispatch';
import { createHandlers } from '../../../main/core/ipc/handlers';
import { ok } from '../../../main/core/ipc/result';
import { invokeChannelNames } from '../../../preload/contract';

const online = { state: 'online' as const, checkedAt: 1, offlineSince: null, reason: null };

it('rejects a table with a missing or an extra handler at compile time', () => {
  // @ts-expect-error app:check-connectivity is missing
  const missing = { 'app:info': async () => ok({} as never), 'app:connectivity': async () => ok(online) } satisfies Handlers;
  const extra = {
    'app:info': async () => ok({} as never),
    'app:connectivity': async () => ok(online),
    'app:check-connectivity': async () => ok(online),
    // @ts-expect-error not a contract channel
    'app:steal-token': async () => ok('x'),
  } satisfies Handlers;
  expect(Object.keys(missing)).toHaveLength(2);
  expect(Object.keys(extra)).toHaveLength(4);
});

it('builds a runtime table whose keys are exactly the contract channels', () => {
  const table = createHandlers({ info: {} as never, connectivity: {} as never });
  expect(Object.keys(table).sort()).toEqual([...invokeChannelNames].sort());
});
