/**
 * Looking a patient up as it is typed (a name, a phone in any format, an e-mail): the matches, then each one's next
 * visit. One search, used by Find a patient and by the patient picker of a new appointment, each in its own store.
 */
import type { ContactList, ContactView, IpcError, NextAppointment } from '../../common/contract';
import { frontdesk } from '../lib/frontdesk';
import { markContactsFirst } from '../lib/perf-marks';
import { query } from '../lib/query';
import type { StoreData } from '../lib/store-shape';
import { lookupsOf } from './contact-details-store';
import { useKeptContactsStore } from './kept-contacts-store';

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
  /** The words in the box now, and whether the service's answer for them is shown (the kept matches then stay away). */
  let typed = '';
  let settled = false;
  /**
   * The matches for what was typed, then their next visits: a newer search (or stopping) drops the last's answers.
   * Each key shows the matches among the contacts core keeps at once: worked out in the page from its copy of them
   * (stores/kept-contacts-store.ts, in the key's own render), or asked of core (`contacts:kept`, no service read) while
   * the copy is not here; the service is asked when the typing pauses, and its answer takes their place.
   */
  const matches = query((args: { query: string }) => frontdesk.invoke['contacts:search'](args), {
    shareInFlight: false,
  });
  // Only the matches shown: a key sends no more than the list can show.
  const kept = query((args: { query: string }) => frontdesk.invoke['contacts:kept']({ ...args, first: SHOWN_MATCHES }));
  const nextVisits = query((people: { key: string; phones: string[]; emails: string[] }[]) =>
    frontdesk.invoke['contacts:next-appointments']({ people }),
  );
  const shown = (list: ContactList) => list.items.filter((c) => !c.deleted).slice(0, SHOWN_MATCHES);
  const showKept = async (words: string) => {
    const first = useKeptContactsStore.getState().first(words, SHOWN_MATCHES);
    if (first !== undefined) {
      kept.cancel();
      if (first) set({ results: shown(first), shownFor: words, error: null, next: {} });
      if (first) markContactsFirst(first.query);
      return;
    }
    const r = await kept.run({ query: words });
    // Still loading: shown with no next visits yet.
    if (r?.ok && r.value && words === typed && !settled)
      set({ results: shown(r.value), shownFor: words, error: null, next: {} });
  };
  const search = async (words: string) => {
    if (!words.trim()) {
      matches.cancel();
      return set({ results: [], next: {}, shownFor: words, loading: false, error: null });
    }
    set({ loading: true });
    const asked = matches.run({ query: words });
    const newest = matches.turn();
    const r = await asked;
    // Dropped when a newer search was asked or other words were typed meanwhile (their search follows the pause).
    if (r === null || !newest() || words !== typed) return;
    settled = true;
    if (!r.ok) return set({ loading: false, error: r.error, shownFor: words });
    const results = shown(r.value);
    set({ results, shownFor: words, loading: false, error: null, next: {} });
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
      [typed, settled] = [query, false];
      clearTimeout(timer);
      if (query.trim()) {
        set({ loading: true });
        void showKept(query);
      }
      timer = setTimeout(() => void search(query), DELAY_MS);
    },
    stop() {
      clearTimeout(timer);
      [typed, settled] = ['', false];
      matches.cancel();
      kept.cancel();
      nextVisits.cancel();
    },
  };
}
