import { afterEach, expect, it } from 'vitest';
import type { Connectivity } from '../../../common/contract';
import { makeCore } from '../../support/core-fixture';
import { toggleServer } from '../../support/toggle-server';
import { waitFor } from '../../support/wait';

let cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.map((c) => c()));
  cleanups = [];
});

it('follows the real service: online, offline when it stops, online when it returns', async () => {
  const service = await toggleServer();
  cleanups.push(service.stop);
  const { core, cleanup } = makeCore(service.url());
  cleanups.push(cleanup);
  const seen: Connectivity['state'][] = [];
  core.events.attach(
    (channel, payload) => channel === 'connectivity:changed' && seen.push((payload as Connectivity).state),
  );
  core.start();
  await waitFor(() => core.connectivity.current().state === 'online', { what: 'online' });
  expect(service.hits()).toBeGreaterThan(0);

  await service.stop();
  const offline = await waitFor(
    () => (core.connectivity.current().state === 'offline' ? core.connectivity.current() : null),
    { what: 'offline' },
  );
  expect(offline.reason).toBe('No answer from the service');
  expect(offline.offlineSince).toBeTypeOf('number');

  await service.start();
  await waitFor(() => core.connectivity.current().state === 'online', { what: 'back online' });
  expect(seen).toEqual(['online', 'offline', 'online']);
});

it('counts a gateway error as offline and any other HTTP answer as online', async () => {
  const gateway = await toggleServer(503);
  cleanups.push(gateway.stop);
  const { core, cleanup } = makeCore(gateway.url());
  cleanups.push(cleanup);
  const state = await core.connectivity.check();
  expect(state).toMatchObject({ state: 'offline', reason: 'The service is not answering right now' });

  const notFound = await toggleServer(404);
  cleanups.push(notFound.stop);
  const second = makeCore(notFound.url());
  cleanups.push(second.cleanup);
  expect((await second.core.connectivity.check()).state).toBe('online');
});

it('coalesces concurrent checks into one probe', async () => {
  const service = await toggleServer();
  cleanups.push(service.stop);
  const { core, cleanup } = makeCore(service.url());
  cleanups.push(cleanup);
  await Promise.all(Array.from({ length: 20 }, () => core.connectivity.check()));
  expect(service.hits()).toBe(1);
});
