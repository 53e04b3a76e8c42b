/**
 * Compile-time proof that the handler table must match the contract exactly: `npm run
 * typecheck` fails if a @ts-expect-error below stops being an error.
 */
import { expect, it } from 'vitest';
import type { Handlers } from '../../../main/core/ipc/dispatch';
import { createHandlers, type HandlerDeps } from '../../../main/core/ipc/handlers';
import { ok } from '../../../main/core/ipc/result';
import { invokeChannelNames } from '../../../common/contract';

const table = createHandlers({} as HandlerDeps);

it('rejects a table with a missing or an extra handler at compile time', () => {
  const { 'auth:sign-out': _dropped, ...rest } = table;
  // @ts-expect-error auth:sign-out is missing
  const missing = rest satisfies Handlers;
  const extra = {
    ...table,
    // @ts-expect-error not a contract channel
    'auth:steal-token': async () => ok('x'),
  } satisfies Handlers;
  expect(Object.keys(missing)).toHaveLength(invokeChannelNames.length - 1);
  expect(Object.keys(extra)).toHaveLength(invokeChannelNames.length + 1);
});

it('builds a runtime table whose keys are exactly the contract channels', () => {
  expect(Object.keys(table).sort()).toEqual([...invokeChannelNames].sort());
});
