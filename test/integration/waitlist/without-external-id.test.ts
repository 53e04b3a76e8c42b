/**
 * The waitlist from a service that answers its events without external_id (the facts do not show it in an event): a
 * record is named by the key the desk wrote into its custom data, or, for one written without it, by the event id the
 * write's answer named. Nobody is lost from the list, nobody shows twice, and taking someone off works on every desk.
 *
 * The sandbox varies with seed 20, whatever SANDBOX_VARY says: under it GET /v1/events leaves external_id out or
 * sends null (test/sandbox/vary.ts), which this file checks before it relies on it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANCHOR, KEY_KEY } from '../../../main/core/api/waitlist-records';
import { leavesOut } from '../../sandbox/vary';
import type { MadeCore } from '../../support/auth-fixture';
import { call, ownerGet, signedInCore, useBootstrap, useLogOnFailure, waitForOp } from '../../support/bootstrap';

const SEED = 20;
const kit = useBootstrap({ sandbox: { contacts: 5, events: 5, vary: { seed: SEED, slowMs: 0 } }, readAhead: false });
let other: MadeCore | undefined;
const desk2 = () => other!;
useLogOnFailure(() => other);

beforeAll(async () => {
  other = await signedInCore(kit.sb, { readAhead: false });
});
afterAll(async () => {
  await other?.cleanup();
});

const ANY_TIME = { days: [1, 2, 3, 4, 5, 6, 7], from: '00:00', to: '23:59' };

/** Rewrites a record's custom data at the service with the owner's key (as an older desk wrote it: no key in it). */
async function withoutWrittenKey(externalId: string): Promise<void> {
  const found = await ownerGet<{ custom_data: Record<string, unknown> }>(kit.sb, '/v1/event', {
    external_id: externalId,
  });
  const { [KEY_KEY]: _key, ...data } = found.body.custom_data;
  const owner = kit.sb.users.find((u) => u.email === 'owner@frontdesk.test')!;
  const res = await fetch(`${kit.sb.url}/v1/events`, {
    method: 'PUT',
    headers: {
      authorization: `Basic ${Buffer.from(`${owner.email}:${owner.apiKey}`).toString('base64')}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ events: [{ external_id: externalId, custom_data: data }] }),
  });
  expect(res.status).toBe(200);
  const after = await ownerGet<{ events: { custom_data: Record<string, unknown> }[] }>(kit.sb, '/v1/events', {
    begin: ANCHOR.begin,
    end: ANCHOR.end,
    page_size: 200,
  });
  expect(after.body.events.filter((e) => e.custom_data[KEY_KEY] === externalId)).toEqual([]);
}

describe('the waitlist read without external ids', () => {
  it('names each record by what the service keeps: on every desk, once, and taken off once', async () => {
    expect(leavesOut(SEED, 'GET /v1/events', 'events[].external_id')).toBe(true);
    const wendy = await call(kit.made, 'waitlist:add', { name: 'Wendy Nokey', phone: '(312) 555-0181', ...ANY_TIME });
    const olga = await call(kit.made, 'waitlist:add', { name: 'Olga Older', phone: '(312) 555-0182', ...ANY_TIME });
    await waitForOp(kit.made, wendy.id);
    await waitForOp(kit.made, olga.id);
    // Olga's record as a desk wrote it before the key went into the custom data: only the desk that wrote it knows it.
    await withoutWrittenKey(olga.id);

    const here = await call(kit.made, 'waitlist:list');
    const shown = (name: string) => here.entries.filter((e) => e.name === name).map((e) => [e.key, e.pending]);
    expect(shown('Wendy Nokey')).toEqual([[wendy.id, false]]);
    expect(shown('Olga Older')).toEqual([[olga.id, false]]);
    const there = await call(desk2(), 'waitlist:list');
    expect(there.entries.filter((e) => e.name === 'Wendy Nokey').map((e) => [e.key, e.pending])).toEqual([
      [wendy.id, false],
    ]);

    // Taken off on the second desk: gone on both, after a fresh read.
    const removed = await call(desk2(), 'waitlist:remove', { key: wendy.id });
    await waitForOp(desk2(), removed.id);
    expect((await call(kit.made, 'waitlist:list')).entries.some((e) => e.name === 'Wendy Nokey')).toBe(false);
    expect((await call(desk2(), 'waitlist:list')).entries.some((e) => e.name === 'Wendy Nokey')).toBe(false);
  });
});
