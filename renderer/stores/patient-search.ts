/**
 * Looking a patient up as it is typed (a name, a phone in any format, an e-mail): the matches, then each one's next
 * visit. One search, used by Find a patient and by the patient picker of a new appointment, each in its own store.
 */
import type { ContactView, IpcError, NextAppointment } from '../../common/contract';
import { frontdesk } from '../lib/frontdesk';
import { query } from '../lib/query';
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
  /** The matches for what was typed, then their next visits: a newer search (or stopping) drops the last's answers. */
  const matches = query((args: { query: string }) => frontdesk.invoke['contacts:search'](args));
  const nextVisits = query((people: { key: string; phones: string[]; emails: string[] }[]) =>
    frontdesk.invoke['contacts:next-appointments']({ people }),
  );
  const search = async (typed: string) => {
    if (!typed.trim()) {
      matches.cancel();
      return set({ results: [], next: {}, shownFor: typed, loading: false, error: null });
    }
    set({ loading: true });
    const asked = matches.run({ query: typed });
    const newest = matches.turn();
    const r = await asked;
    if (r === null) return;
    if (!r.ok) return set({ loading: false, error: r.error, shownFor: typed });
    const results = r.value.items.filter((c) => !c.deleted).slice(0, SHOWN_MATCHES);
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
      matches.cancel();
      nextVisits.cancel();
    },
  };
}
