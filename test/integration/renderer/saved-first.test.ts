/**
 * A first paint is one bridge call: asked `savedFirst`, `calendar:range` and `contacts:search` answer at once with
 * the saved copy (while the service is slow), and the service's answer follows as `store:changed` (its `fresh`);
 * with nothing saved the call waits for the service's answer, which is told as well. The schedule's store opens with
 * that one call and ends on the service's answer; the contacts screen paints the kept matches (`contacts:kept`) and
 * then asks the service once. Real core and sandbox; the calls are
 * counted at the bridge, the service's slowness is the sandbox's injected latency.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FreshRead } from '../../../common/contract';
import type { useCalendarStore as CalendarStore } from '../../../renderer/stores/calendar-store';
import type { useContactsStore as ContactsStore } from '../../../renderer/stores/contacts-store';
import { admin } from '../../support/auth-fixture';
import { useRendererOnCore, countBridgeAsks } from '../../support/bootstrap';
import { waitFor } from '../../support/wait';

const run = useRendererOnCore();
/** Every bridge call the stores made, by channel. */
let asked: string[] = [];
/** Every fresh answer core told. */
const told: FreshRead[] = [];
let calendar: typeof CalendarStore;
let contacts: typeof ContactsStore;
let stopListening = () => undefined as void;
let unwireContacts = () => undefined as void;

beforeAll(async () => {
  // Counted at the bridge: the stores read window.frontdesk when they load, so they are imported after this.
  asked = countBridgeAsks();
  const bridge = window.frontdesk!;
  stopListening = bridge.on['store:changed']((change) => {
    if (change.fresh) told.push(change.fresh);
  });
  ({ useCalendarStore: calendar } = await import('../../../renderer/stores/calendar-store'));
  const contactsStore = await import('../../../renderer/stores/contacts-store');
  contacts = contactsStore.useContactsStore;
  // As the app wires it (App.tsx): a search's whole answer after its first page comes as a store change.
  unwireContacts = contactsStore.wireContactEvents();
}, 30_000);

afterAll(async () => {
  stopListening();
  unwireContacts();
  calendar.getState().clear();
  contacts.getState().clear();
  await admin(run.sandbox).clearFaults();
});

const day = (offsetDays: number) => {
  const begin = Date.now() + offsetDays * 86_400_000;
  return { begin: new Date(begin).toISOString(), end: new Date(begin + 86_400_000).toISOString() };
};

describe('a saved answer and the fresh one in one call', () => {
  it('answers the saved range at once while the service is slow, then tells the fresh one', async () => {
    const range = day(0);
    const first = await window.frontdesk!.invoke['calendar:range'](range);
    expect(first.ok && first.value.source).toBe('service');
    await admin(run.sandbox).faults({ latencyMs: 400 });

    const quick = await window.frontdesk!.invoke['calendar:range']({ ...range, savedFirst: true });
    expect(quick.ok && quick.value.source, 'the saved copy, not the service').toBe('cache');
    const ids = (r: typeof first) => (r.ok ? r.value.items.map((i) => i.id) : []);
    expect(ids(quick)).toEqual(ids(first));
    const isMine = (f: FreshRead) => f.of === 'calendar:range' && f.begin === range.begin && f.end === range.end;
    expect(told.filter(isMine), 'the fresh answer comes after the saved one').toEqual([]);

    const fresh = await waitFor(() => told.find(isMine) ?? null);
    expect(fresh.answer.ok && fresh.answer.value.source).toBe('service');
    expect(fresh.answer.ok && fresh.answer.value.items.map((i) => i.id)).toEqual(ids(first));
    await admin(run.sandbox).clearFaults();
  });

  it('with nothing saved, answers with the service and tells that answer too', async () => {
    const range = day(9);
    const answer = await window.frontdesk!.invoke['calendar:range']({ ...range, savedFirst: true });
    expect(answer.ok && answer.value.source).toBe('service');
    const fresh = await waitFor(
      () => told.find((f) => f.of === 'calendar:range' && f.begin === range.begin && f.end === range.end) ?? null,
    );
    expect(fresh.answer.ok && fresh.answer.value.fetchedAt).toBe(answer.ok && answer.value.fetchedAt);
  });

  it('the schedule paints from one call and ends on the service’s answer', async () => {
    calendar.getState().clear();
    await calendar.getState().load(); // saved by this first read
    calendar.getState().clear();
    asked.length = 0;
    await calendar.getState().load();
    const state = await waitFor(() => (calendar.getState().loading ? null : calendar.getState()));
    expect(asked.filter((c) => c.startsWith('calendar:'))).toEqual(['calendar:range']);
    expect(state.source?.source).toBe('service');
    expect(state.error).toBeNull();
    expect(state.items.length, 'the sandbox seeds appointments for today').toBeGreaterThan(0);
  });

  it('a search not shown yet paints from the kept matches and ends on the service’s answer', async () => {
    contacts.setState({ query: 'a' });
    await contacts.getState().load(); // saved by this first search
    contacts.getState().clear();
    contacts.setState({ query: 'a' });
    asked.length = 0;
    await contacts.getState().load();
    const state = await waitFor(() => (contacts.getState().loading ? null : contacts.getState()));
    // The kept matches from the page's copy of the contacts core keeps (asked for by the first load): no call.
    expect(asked.filter((c) => c.startsWith('contacts:'))).toEqual(['contacts:search']);
    expect(state.list?.source).toBe('service');
    expect(state.list?.items.length).toBeGreaterThan(0);
  });
});
