/**
 * Text consent over real HTTP: a phone's consent read from the sandbox's lists (opt-out, stoplist filled by a STOP
 * reply, explicit opt-in) and kept for offline; "Stop texting" queued offline, shown stopped and waiting at once, and
 * landing on the opt-out list once — also when the answer to the write is lost; a text refused as opted out
 * remembered, so the contact's page says so even from the saved lists.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ServiceError } from '../../../main/core/api/service-error';
import type { ServiceRequester } from '../../../main/core/api/service-client';
import { listAddKind } from '../../../main/core/outbox/kinds/lists';
import { mintToken, tokenClient } from '../outbox/helpers';
import { call, goOffline, goOnline, ownerGet, useBootstrap, waitForOp } from '../../support/bootstrap';

const kit = useBootstrap({ sandbox: { contacts: 40, events: 5 } });
afterEach(async () => {
  await kit.admin().clearFaults();
});

interface List {
  id: number;
  type: string;
  entries: string[];
}
const lists = async (type?: string): Promise<List[]> =>
  (await ownerGet<{ lists: List[] }>(kit.sb, '/v1/lists', type ? { type } : {})).body.lists;
/** How often `entry` is on the opt-out lists. */
const onOptOut = async (entry: string) =>
  (await lists('opt_out')).flatMap((l) => l.entries).filter((e) => e === entry).length;
/** The sandbox's count of list writes (PLATFORM.md, Stats). */
const written = async (): Promise<number> =>
  ((await kit.admin().stats()) as unknown as { listsWritten: number }).listsWritten;
const admin = (path: string, body: unknown) =>
  fetch(`${kit.sb.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
/** Numbers on no list of the seed (the seed's list numbers are far from these). */
const fresh = (n: number) => `+1312555${String(7100 + n).padStart(4, '0')}`;

describe('consent from the lists', () => {
  it('reads allowed, opted out and stoplisted, fills the stoplist from STOP, and keeps the lists for offline', async () => {
    const optOut = (await lists('opt_out'))[0]!.entries.find((e) => e.startsWith('+'))!;
    const stopped = (await lists('stoplist'))[0]!.entries[0]!;
    const free = fresh(1);
    const answer = await call(kit.made, 'contacts:consent', { phones: [optOut, stopped, free] });
    expect(answer.source).toBe('service');
    expect(answer.phones[optOut]).toMatchObject({ state: 'stopped', via: 'opt_out', waiting: null });
    expect(answer.phones[stopped]).toMatchObject({ state: 'stopped', via: 'stoplist' });
    expect(answer.phones[free]).toMatchObject({ state: 'allowed', via: null });

    // The patient answers STOP: the service's stoplist has them, and so does their consent.
    expect((await admin('/__sandbox/inbound', { phone_number: free, content: ' Stop ' })).status).toBe(200);
    expect((await lists('stoplist'))[0]!.entries).toContain(free);
    const after = await call(kit.made, 'contacts:consent', { phones: [free] });
    expect(after.phones[free]).toMatchObject({ state: 'stopped', via: 'stoplist' });

    await goOffline(kit.sb, kit.made);
    const saved = await call(kit.made, 'contacts:consent', { phones: [optOut, free, fresh(2)] });
    expect(saved).toMatchObject({ source: 'cache', fetchedAt: after.fetchedAt, unknownWhy: null });
    expect(saved.phones[free]).toMatchObject({ state: 'stopped', via: 'stoplist' });
    expect(saved.phones[fresh(2)]).toMatchObject({ state: 'allowed' });
    await goOnline(kit.sb, kit.made);
  });

  it('under explicit opt-in, only numbers on an opt-in list may be texted', async () => {
    const optedIn = (await lists('opt_in'))[0]!.entries[0]!;
    expect((await admin('/__sandbox/consent', { explicit_opt_in: true })).status).toBe(200);
    try {
      const answer = await call(kit.made, 'contacts:consent', { phones: [optedIn, fresh(3)] });
      expect(answer.phones[optedIn]).toMatchObject({ state: 'allowed' });
      expect(answer.phones[fresh(3)]).toMatchObject({ state: 'not_opted_in' });
    } finally {
      await admin('/__sandbox/consent', { explicit_opt_in: false });
    }
  });
});

describe('Stop texting this patient', () => {
  it('queued offline: stopped and waiting at once, lands on the opt-out list once when back', async () => {
    const phone = fresh(10);
    const before = await written();
    await goOffline(kit.sb, kit.made);
    const item = await call(kit.made, 'contacts:stop-texting', { phones: [phone], who: 'Ada Quill' });
    expect(item).toMatchObject({ kind: 'list.add', status: 'queued', about: { who: 'Ada Quill' } });
    const waiting = await call(kit.made, 'contacts:consent', { phones: [phone] });
    expect(waiting.phones[phone]).toMatchObject({
      state: 'stopped',
      via: 'asked_here',
      waiting: { id: item.id, status: 'queued' },
    });
    await goOnline(kit.sb, kit.made);
    await waitForOp(kit.made, item.id);
    expect(await onOptOut(phone)).toBe(1);
    expect((await written()) - before).toBe(1);
    const landed = await call(kit.made, 'contacts:consent', { phones: [phone] });
    expect(landed.phones[phone]).toMatchObject({ state: 'stopped', via: 'asked_here', waiting: null });

    // Asked again: the number is already there, so nothing is written.
    const again = await call(kit.made, 'contacts:stop-texting', { phones: [phone], who: 'Ada Quill' });
    await waitForOp(kit.made, again.id);
    expect(await onOptOut(phone)).toBe(1);
    expect((await written()) - before).toBe(1);
  });

  it('an attempt whose answer was lost is not written again', async () => {
    const token = await mintToken(kit.sb.url, 'owner@frontdesk.test', 'lists:read lists:write');
    const service = tokenClient(kit.sb.url, () => token);
    // The write reaches the service, and its answer never comes back.
    const lossy: ServiceRequester = {
      request: async (req) => {
        const answer = await service.request(req);
        if (req.method !== 'GET') throw new ServiceError('retryable', `${req.method} ${req.path}`, 'answer lost');
        return answer;
      },
    };
    const payload = { type: 'opt_out' as const, entries: [fresh(20), fresh(21)] };
    const before = await written();
    await expect(listAddKind.send(lossy, payload)).rejects.toThrow('answer lost');
    expect((await written()) - before).toBe(1);
    await expect(listAddKind.send(service, payload)).resolves.toMatchObject({ id: expect.any(Number) });
    expect((await written()) - before).toBe(1);
    expect([await onOptOut(fresh(20)), await onOptOut(fresh(21))]).toEqual([1, 1]);
  });

  it('through the outbox, with answers dropped after the write was applied: on the list once', async () => {
    const phone = fresh(30);
    const before = await written();
    await kit.admin().faults({ resetRate: 0.6, resetAfterApply: true, routes: ['/v1/lists'], seed: 2 });
    const item = await call(kit.made, 'contacts:stop-texting', { phones: [phone], who: 'Bo Lind' });
    const op = await waitForOp(kit.made, item.id);
    expect(op.attempts).toBeGreaterThan(1);
    await kit.admin().clearFaults();
    expect(await onOptOut(phone)).toBe(1);
    expect((await written()) - before).toBe(1);
  });
});

describe('a text refused because the patient opted out', () => {
  it('is remembered: their consent reads stopped, even from the lists saved before', async () => {
    const phone = fresh(40);
    const first = await call(kit.made, 'contacts:consent', { phones: [phone] });
    expect(first.phones[phone]).toMatchObject({ state: 'allowed' });
    // Another desk puts them on the opt-out list; this one has not read the lists since.
    const optOut = (await lists('opt_out'))[0]!;
    const owner = kit.sb.users.find((u) => u.email === 'owner@frontdesk.test')!;
    const put = await fetch(`${kit.sb.url}/v1/lists`, {
      method: 'PUT',
      headers: {
        'content-type': 'application/json',
        authorization: `Basic ${Buffer.from(`${owner.email}:${owner.apiKey}`).toString('base64')}`,
      },
      body: JSON.stringify({ lists: [{ id: optOut.id, add_entries: [phone] }] }),
    });
    expect(put.status).toBe(200);
    const item = await call(kit.made, 'messages:start', { phone, name: 'Cy Moss', text: 'See you at 9' });
    await waitForOp(kit.made, item.id, 'needs_attention');
    await goOffline(kit.sb, kit.made);
    const saved = await call(kit.made, 'contacts:consent', { phones: [phone] });
    expect(saved.source).toBe('cache');
    expect(saved.phones[phone]).toMatchObject({ state: 'stopped', via: 'text_refused' });
    await goOnline(kit.sb, kit.made);
  });
});
