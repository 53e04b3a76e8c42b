/**
 * Find a patient and the contact's page name the same next appointment: the first one that has not ended. One that
 * began earlier today and is still going counts; one that is over does not, however recently it began. The finder
 * and contact-details stores run on the real core and sandbox, at each of the suite's fixed times
 * (test/e2e/support/clock.ts) in turn, the clock of both moved on by the test.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContactView } from '../../../common/contract';
import { clockFrom } from '../../../main/core/given-clock';
import type { useContactDetailsStore as DetailsStore } from '../../../renderer/stores/contact-details-store';
import type { useFinderStore as FinderStore } from '../../../renderer/stores/finder-store';
import { useRendererOnCore } from '../../support/bootstrap';
import { waitFor } from '../../support/wait';
import { E2E_TIMES, resolveAt } from '../../e2e/support/clock';

const MINUTE = 60_000;
/** The named times, earliest first: the test's clock only moves forward. */
const times = (Object.keys(E2E_TIMES) as (keyof typeof E2E_TIMES)[])
  .map((name) => ({ name, at: resolveAt(name)! }))
  .sort((a, b) => a.at - b.at);

const first = times[0]!.at;
let shift = 0;
const base = clockFrom(first);
const clock = { ...base, now: () => base.now() + shift };
/** Sets both clocks (the sandbox's and the core's) to `at`, running on from there. */
const setNow = (at: number) => {
  shift += at - clock.now();
};

const pair = useRendererOnCore('owner@frontdesk.test', {
  clock,
  // The named times span a month: sign-ins last longer than that here.
  sandbox: { contacts: 20, events: 40, now: () => new Date(clock.now()), accessTtlS: 90 * 86_400 },
});

let finder: typeof FinderStore;
let details: typeof DetailsStore;
beforeAll(async () => {
  // The stores read window.frontdesk when they load: imported once it exists.
  ({ useFinderStore: finder } = await import('../../../renderer/stores/finder-store'));
  ({ useContactDetailsStore: details } = await import('../../../renderer/stores/contact-details-store'));
});
afterAll(() => {
  finder?.getState().clear();
  details?.getState().clear();
});

/** Writes to the sandbox as the owner (another desk, or the office system). */
async function asOwner<T>(method: string, path: string, body?: unknown): Promise<T> {
  const owner = pair.sandbox.users.find((u) => u.email === 'owner@frontdesk.test')!;
  const res = await fetch(`${pair.sandbox.url}${path}`, {
    method,
    headers: {
      authorization: `Basic ${Buffer.from(`${owner.email}:${owner.apiKey}`).toString('base64')}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** A new patient (a phone no one else has) with appointments at the given minutes from now. */
async function patientWith(name: string, phone: string, visits: { title: string; from: number; to: number }[]) {
  const { address_books: books } = await asOwner<{ address_books: { id: number }[] }>('GET', '/v1/address_books');
  const { calendars } = await asOwner<{ calendars: { id: number }[] }>('GET', '/v1/calendars');
  await asOwner('POST', '/v1/contacts', {
    contacts: [{ name, address_book_id: books[0]!.id, phone_numbers: [{ number: phone, type: 'mobile' }] }],
  });
  const now = clock.now();
  const iso = (minutes: number) => new Date(now + minutes * MINUTE).toISOString();
  const { events } = await asOwner<{ events: { id: number; title: string }[] }>('POST', '/v1/events', {
    events: visits.map((v) => ({
      calendar_id: calendars[0]!.id,
      title: v.title,
      start_time: iso(v.from),
      end_time: iso(v.to),
      participants: [{ name, phone }],
    })),
  });
  return Object.fromEntries(events.map((e) => [e.title, e.id]));
}

/** What Find a patient says is next for the patient found by `typed`, and the contact it found. */
async function finderNext(typed: string, name: string) {
  finder.getState().show(typed);
  const contact = await waitFor(() => finder.getState().results.find((c) => c.name === name) ?? null, {
    what: `Find a patient to list ${name}`,
  });
  const next = await waitFor(() => (contact.key in finder.getState().next ? finder.getState().next : null), {
    what: `Find a patient to say ${name}'s next appointment`,
  });
  finder.getState().hide();
  return { contact, nextId: next[contact.key]?.id ?? null };
}

/** The first upcoming appointment on the contact's page. */
async function pageNext(contact: ContactView): Promise<number | null> {
  details.getState().open(contact);
  const history = await waitFor(() => (details.getState().loadingHistory ? null : details.getState().history), {
    what: 'the contact’s history',
  });
  details.getState().close();
  return history.upcoming[0]?.id ?? null;
}

describe('the next appointment, on Find a patient and the contact’s page', () => {
  it.each(times.map((t, i) => [t.name, t.at, i] as const))(
    'at %s: one still going counts, one just over does not, and both screens say the same',
    async (_name, at, i) => {
      setNow(at);
      const name = `Nextcheck Patient${'ABCD'[i]}`;
      const phone = `(872) 555-09${String(10 + i)}`;
      const ids = await patientWith(name, phone, [
        // Began under an hour ago, ended five minutes ago: over.
        { title: 'Just over', from: -50, to: -5 },
        // A long visit that began more than an hour ago and runs on for 15 minutes: still going.
        { title: 'Still going', from: -75, to: 15 },
        { title: 'Later', from: 2 * 24 * 60, to: 2 * 24 * 60 + 30 },
      ]);

      const found = await finderNext(phone, name);
      expect(found.nextId).toBe(ids['Still going']);
      expect(await pageNext(found.contact)).toBe(ids['Still going']);

      // 20 minutes on, the long visit is over too: both screens move on to the later one, together.
      setNow(clock.now() + 20 * MINUTE);
      const after = await finderNext(name, name);
      expect(after.nextId).toBe(ids['Later']);
      expect(await pageNext(after.contact)).toBe(ids['Later']);
    },
  );
});
