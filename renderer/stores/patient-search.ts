/**
 * Looking a patient up as it is typed (a name, a phone in any format, an e-mail): the matches, then each one's next
 * visit. One search, used by Find a patient and by the patient picker of a new appointment, each in its own store.
 */
import type { ContactList, ContactView, IpcError, NextAppointment } from '../../common/contract';
import { frontdesk } from '../lib/frontdesk';
import { query } from '../lib/query';
import { waitForFresh, type FreshWait } from '../lib/store-changes';
import type { StoreData } from '../lib/store-shape';
import { lookupsOf } from './contact-details-store';

/** Matches shown (and asked about for a next appointment). */
const SHOWN_MATCHES = 8;
const DELAY_MS = 150;

/** What was typed, the matches and their next visits. */
export interface PatientSearch {
  query: string;
  /** The query the results are for. */
  shownFor: string | null;
  results: ContactView[];
  next: Record<string, NextAppointment['next']>;
  loading: boolean;
  error: IpcError | null;
  type(query: string): void;
}

/** Nothing typed. */
export const emptySearch = (): StoreData<PatientSearch> => ({
  query: '',
  shownFor: null,
  results: [],
  next: {},
  loading: false,
  error: null,
});

/** The search's actions for a store's `create()`, and `stop()` (hiding it, or the account changed). */
export function patientSearch(
  set: (patch: Partial<StoreData<PatientSearch>>) => void,
): Pick<PatientSearch, 'type'> & { stop(): void } {
  /** The search waiting for the typing to pause. */
  let timer: ReturnType<typeof setTimeout> | undefined;
  /**
   * The matches for what was typed, then their next visits: a newer search (or stopping) drops the last's answers.
   * Each search is its own call, asked `savedFirst`: core answers at once with the contacts it keeps, and its fresh
   * answer follows as a change of its store (`waitForFresh`), so a key costs one call.
   */
  const matches = query((args: { query: string; savedFirst: true }) => frontdesk.invoke['contacts:search'](args), {
    shareInFlight: false,
  });
  /** The fresh answer the newest search waits for. */
  let waiting: FreshWait<ContactList> | null = null;
  const nextVisits = query((people: { key: string; phones: string[]; emails: string[] }[]) =>
    frontdesk.invoke['contacts:next-appointments']({ people }),
  );
  const shown = (list: ContactList) => list.items.filter((c) => !c.deleted).slice(0, SHOWN_MATCHES);
  const search = async (typed: string) => {
    waiting?.stop();
    waiting = null;
    if (!typed.trim()) {
      matches.cancel();
      return set({ results: [], next: {}, shownFor: typed, loading: false, error: null });
    }
    set({ loading: true });
    const fresh = waitForFresh((f) =>
      f.of === 'contacts:search' && f.query === typed && f.addressBookId === null ? f.answer : null,
    );
    waiting = fresh;
    const asked = matches.run({ query: typed, savedFirst: true });
    const newest = matches.turn();
    const first = await asked;
    if (first === null || !first.ok) fresh.stop();
    if (first === null) return;
    if (!first.ok) return set({ loading: false, error: first.error, shownFor: typed });
    // The kept contacts' matches at once (still loading: the service's answer refines them).
    if (!fresh.landed()) set({ results: shown(first.value), shownFor: typed, error: null, next: {} });
    const r = await fresh.answer;
    if (!newest()) return;
    if (!r.ok) return set({ loading: false, error: r.error, shownFor: typed });
    const results = shown(r.value);
    set({ results, shownFor: typed, loading: false, error: null, next: {} });
    const people = results
      .map((c) => ({ key: c.key, ...lookupsOf(c) }))
      .filter((p) => p.phones.length + p.emails.length > 0);
    if (people.length === 0) return;
    const next = await nextVisits.run(people);
    if (!newest() || !next?.ok) return;
    set({ next: Object.fromEntries(next.value.map((n) => [n.key, n.next])) });
  };
  return {
    type(query) {
      set({ query });
      clearTimeout(timer);
      timer = setTimeout(() => void search(query), DELAY_MS);
    },
    stop() {
      clearTimeout(timer);
      waiting?.stop();
      waiting = null;
      matches.cancel();
      nextVisits.cancel();
    },
  };
}
