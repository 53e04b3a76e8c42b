/**
 * Names sooner: the contacts screen asks its search `soonest`, so the service's first page of matches is on screen
 * as soon as it is here, while the next is still on its way; the whole answer follows as `store:changed`
 * (`contacts`) and takes its place, once. Other searches (Find a patient) answer whole, as before. Real core and
 * sandbox; the second page's request is held at core's service client until the first answer is in, so what came
 * first is counted, not timed.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ContactList, StoreChange } from '../../../common/contract';
import { ServiceClient } from '../../../main/core/api/service-client';
import { ServiceError } from '../../../main/core/api/service-error';
import type { useContactsStore as ContactsStore } from '../../../renderer/stores/contacts-store';
import { countBridgeAsks, goOffline, goOnline, useRendererOnCore } from '../../support/bootstrap';
import { waitFor } from '../../support/wait';

const pair = useRendererOnCore('owner@frontdesk.test', { sandbox: { contacts: 300, events: 5 } });

let asked: string[] = [];
let contacts: typeof ContactsStore;
let unwire: () => void = () => undefined;
/** What core told as `store:changed` (`contacts`). */
const told: NonNullable<StoreChange['contacts']>[] = [];
let stopListening = () => undefined as void;
/** When set, stands between the store and the bridge for `contacts:search` (see `overtaken`). */
let between: ((answer: Promise<unknown>) => Promise<unknown>) | null = null;

beforeAll(async () => {
  await pair.made.core.prefetch.idle(); // the read-ahead's own pages are not among a search's
  asked = countBridgeAsks();
  const bridge = window.frontdesk!;
  const invoke = new Proxy(bridge.invoke, {
    get: (target, channel: string) => {
      const real = Reflect.get(target, channel) as (args: unknown) => Promise<unknown>;
      if (channel !== 'contacts:search') return real;
      return (args: unknown) => (between ? between(real(args)) : real(args));
    },
  });
  window.frontdesk = { ...bridge, invoke };
  stopListening = bridge.on['store:changed']((change) => {
    if (change.contacts) told.push(change.contacts);
  });
  // The stores read window.frontdesk when they load: imported once it is set.
  const store = await import('../../../renderer/stores/contacts-store');
  contacts = store.useContactsStore;
  unwire = store.wireContactEvents();
});
afterAll(() => {
  stopListening();
  unwire();
  contacts?.getState().clear();
});
afterEach(() => {
  vi.restoreAllMocks();
  between = null;
  told.length = 0;
});

const PAGE = 100; // GET /v1/contacts page size core asks
const LIMIT = 200; // matches a search shows

/**
 * Holds each search's second page (`page=2` of GET /v1/contacts) at core's service client until `until` settles (or
 * 5 s, so a search that waits for it fails its check rather than hanging); says whether the page was asked for and
 * whether `until` had settled while it was held.
 */
function holdSecondPage(until: Promise<unknown>) {
  const seen = { asked: 0, heldTill: false };
  let settled = false;
  void until.finally(() => (settled = true));
  const request = ServiceClient.prototype.request;
  vi.spyOn(ServiceClient.prototype, 'request').mockImplementation(async function (this: ServiceClient, req) {
    if (req.path === '/v1/contacts' && req.query?.page === 2) {
      seen.asked++;
      await Promise.race([until.catch(() => undefined), new Promise((r) => setTimeout(r, 5_000))]);
      seen.heldTill ||= settled;
    }
    return request.call(this, req) as never;
  });
  return seen;
}

/** A search's reply through the bridge. */
async function search(args: { query: string; soonest?: true }): Promise<ContactList> {
  const r = await window.frontdesk!.invoke['contacts:search'](args);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

describe('the first page of a search first', () => {
  it('answers `soonest` with the first page while the second is held, then tells the whole answer once', async () => {
    let replied!: (v: unknown) => void;
    const reply = new Promise((resolve) => (replied = resolve));
    const page2 = holdSecondPage(reply);
    const first = await search({ query: 'a', soonest: true }).finally(() => replied(null));
    expect(page2.asked, 'more than one page matches').toBeGreaterThan(0);
    expect(first.partial).toBe(true);
    expect(first.source).toBe('service');
    expect(first.items.length).toBe(PAGE);

    await waitFor(() => told.some((t) => t.query === 'a'), { what: 'the whole answer told' });
    expect(page2.heldTill, 'the first page answered while the second was held').toBe(true);
    const whole = told.filter((t) => t.query === 'a');
    expect(whole).toHaveLength(1);
    expect(whole[0]!.partial).toBeUndefined();
    expect(whole[0]!.items.length).toBe(LIMIT);
    // The first page is the whole answer's head, in the same order.
    expect(whole[0]!.items.slice(0, PAGE).map((c) => c.key)).toEqual(first.items.map((c) => c.key));

    // The copy kept for offline is the whole answer, not the first page.
    await goOffline(pair.sandbox, pair.made);
    try {
      const saved = await search({ query: 'a' });
      expect(saved.source).toBe('cache');
      expect(saved.items.map((c) => c.key)).toEqual(whole[0]!.items.map((c) => c.key));
    } finally {
      await goOnline(pair.sandbox, pair.made);
    }
  });

  it('tells a first page again as a first page after a contact change here, until the rest is in', async () => {
    let release!: (v: unknown) => void;
    const held = new Promise((resolve) => (release = resolve));
    const page2 = holdSecondPage(held);
    const first = await search({ query: 'o', soonest: true });
    expect(first.partial).toBe(true);
    const r = await window.frontdesk!.invoke['contacts:create']({
      firstName: 'Olive',
      lastName: 'Oakes',
      phones: [],
      emails: [],
    });
    expect(r.ok ? null : r.error).toBeNull();
    // Sent and done while the second page is held: each step of it tells the search again.
    await pair.made.core.outbox.get().settled();
    await waitFor(() => told.some((t) => t.query === 'o'), { what: 'the search told again after the change' });
    expect(new Set(told.filter((t) => t.query === 'o').map((t) => t.partial))).toEqual(new Set([true]));
    release(null);
    await waitFor(() => told.some((t) => t.query === 'o' && !t.partial), { what: 'the whole answer told' });
    expect(page2.asked).toBeGreaterThan(0);
    const after = told.filter((t) => t.query === 'o').map((t) => t.partial ?? false);
    expect(after.at(-1)).toBe(false);
    expect(after.slice(0, -1).every((partial) => partial)).toBe(true);
  });

  it('tells the first page as the answer, no longer partial, when the rest does not come', async () => {
    let replied!: (v: unknown) => void;
    const reply = new Promise((resolve) => (replied = resolve));
    const request = ServiceClient.prototype.request;
    vi.spyOn(ServiceClient.prototype, 'request').mockImplementation(async function (this: ServiceClient, req) {
      if (req.path === '/v1/contacts' && req.query?.page === 2) {
        await reply;
        throw new ServiceError('retryable', 'GET /v1/contacts', 'Frontdesk cannot reach the service right now.');
      }
      return request.call(this, req) as never;
    });
    const first = await search({ query: 'e', soonest: true }).finally(() => replied(null));
    expect(first.partial).toBe(true);
    await waitFor(() => told.some((t) => t.query === 'e'), { what: 'the first page told as the answer' });
    const answer = told.filter((t) => t.query === 'e');
    expect(answer).toHaveLength(1);
    expect(answer[0]!.partial).toBeUndefined();
    expect(answer[0]).toMatchObject({ more: true, source: 'service' });
    expect(answer[0]!.items.map((c) => c.key)).toEqual(first.items.map((c) => c.key));
  });

  it('answers a search not asked `soonest` (Find a patient) whole, and one page of matches whole', async () => {
    const whole = await search({ query: 'a' });
    expect(whole.partial).toBeUndefined();
    expect(whole.items.length).toBe(LIMIT);
    // Few enough matches for one page: nothing to tell after.
    const few = await search({ query: whole.items[0]!.lastName, soonest: true });
    expect(few.partial).toBeUndefined();
    expect(few.items.length).toBeLessThan(PAGE);
    expect(told).toEqual([]);
  });

  it('on the contacts screen: one call shows the first page, then the whole answer in its place', async () => {
    contacts.getState().clear();
    let shown!: (v: unknown) => void;
    const firstShown = new Promise((resolve) => (shown = resolve));
    const page2 = holdSecondPage(firstShown);
    const lists: { list: ContactList; loading: boolean }[] = [];
    const stop = contacts.subscribe((s) => {
      if (s.list && s.list !== lists.at(-1)?.list && s.list.source === 'service')
        lists.push({ list: s.list, loading: s.loading });
      if (s.list?.partial) shown(null);
    });
    const calls = asked.filter((c) => c === 'contacts:search').length;
    contacts.getState().type('a');
    await contacts.getState().load();
    await waitFor(() => (lists.at(-1)?.list.items.length === LIMIT ? true : null), { what: 'the whole answer shown' });
    stop();
    expect(page2.heldTill, 'the first page was on screen while the second was held').toBe(true);
    // Still loading while only the first page is shown (the screen says it is still looking).
    expect(lists.map(({ list, loading }) => [list.items.length, list.partial ?? false, loading])).toEqual([
      [PAGE, true, true],
      [LIMIT, false, false],
    ]);
    expect(asked.filter((c) => c === 'contacts:search').length - calls).toBe(1);
    expect(contacts.getState().loading).toBe(false);
  });

  it('keeps the whole answer when it is told before the first page’s reply comes', async () => {
    contacts.getState().clear();
    // The reply is held until the whole answer was told (the event overtook the reply, as across two channels).
    between = async (answer) => {
      const r = await answer;
      await waitFor(() => told.some((t) => t.query === 'a'), { what: 'the whole answer told' });
      return r;
    };
    contacts.getState().type('a');
    await contacts.getState().load();
    expect(contacts.getState().list?.partial).toBeUndefined();
    expect(contacts.getState().list?.items.length).toBe(LIMIT);
    expect(contacts.getState().loading).toBe(false);
  });
});
