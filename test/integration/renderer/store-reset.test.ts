/**
 * The one store shape (renderer/lib/store-shape.ts), on the real core and sandbox: every zustand store of
 * renderer/stores lists all its data fields in `getEmptyState()`, starts from it, and — where it holds an account's
 * data — is put back to it by the account reset (renderer/stores/session-reset.ts) and by its own `clear()` after
 * the receptionist has used it. A store missing from the table below fails the first test. Node environment: the
 * stores need no DOM.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { useRendererOnCore } from '../../support/bootstrap';
import { waitFor } from '../../support/wait';

type State = Record<string, unknown>;
interface Store {
  getState(): State;
  setState(patch: State): void;
}
interface StoreModule {
  getEmptyState(): State;
  [name: string]: unknown;
}

/** How each store is used before the reset; `keeps` names data a reset leaves as it was, on purpose. */
interface Entry {
  file: string;
  hook: string;
  /** Holds an account's data: registers with the account reset. */
  account: boolean;
  use?: () => Promise<void>;
  keeps?: string[];
}

const STORES_DIR = join(__dirname, '../../../renderer/stores');
const modules: Record<string, StoreModule> = {};
let forgetAccount: () => void;

const store = (file: string, hook: string) => modules[file]![hook] as Store;
const state = (file: string) => modules[file]!;
const data = (s: State): State => Object.fromEntries(Object.entries(s).filter(([, v]) => typeof v !== 'function'));
const without = (s: State, keys: string[] = []): State =>
  Object.fromEntries(Object.entries(s).filter(([k]) => !keys.includes(k)));

type Fn = (...args: never[]) => Promise<unknown> | unknown;
/** Calls a store's action by name (the table reads the stores by file, untyped). */
const act = (file: string, hook: string, action: string, ...args: unknown[]) =>
  (store(file, hook).getState()[action] as Fn)(...(args as never[]));

const TABLE: Entry[] = [
  { file: 'app-store', hook: 'useAppStore', account: false },
  { file: 'shell-store', hook: 'useShellStore', account: false },
  { file: 'auth-store', hook: 'useAuthStore', account: false },
  { file: 'schedule-sync-store', hook: 'useScheduleSyncStore', account: false },
  {
    file: 'nav-store',
    hook: 'useNavStore',
    account: true,
    use: async () => void act('nav-store', 'useNavStore', 'go', 'messages'),
  },
  {
    file: 'contacts-store',
    hook: 'useContactsStore',
    account: true,
    use: async () => {
      act('contacts-store', 'useContactsStore', 'type', 'a');
      await act('contacts-store', 'useContactsStore', 'load');
      await act('contacts-store', 'useContactsStore', 'loadBooks');
      act('contacts-store', 'useContactsStore', 'startNew');
      act('contacts-store', 'useContactsStore', 'updateDraft', { firstName: 'Half', lastName: 'Typed' });
    },
  },
  {
    file: 'contact-details-store',
    hook: 'useContactDetailsStore',
    account: true,
    use: async () => {
      const list = store('contacts-store', 'useContactsStore').getState().list as { items: State[] } | null;
      act('contact-details-store', 'useContactDetailsStore', 'open', list!.items[0]);
      await waitFor(() => store('contact-details-store', 'useContactDetailsStore').getState().history, {
        what: "the contact's history",
      });
    },
  },
  {
    file: 'finder-store',
    hook: 'useFinderStore',
    account: true,
    use: async () => {
      act('finder-store', 'useFinderStore', 'show', 'a');
      await waitFor(() => store('finder-store', 'useFinderStore').getState().shownFor === 'a', {
        what: "the finder's matches",
      });
    },
  },
  {
    file: 'patient-picker-store',
    hook: 'usePatientPickerStore',
    account: true,
    use: async () => {
      act('patient-picker-store', 'usePatientPickerStore', 'type', 'a');
      await waitFor(() => store('patient-picker-store', 'usePatientPickerStore').getState().shownFor === 'a', {
        what: "the picker's matches",
      });
    },
  },
  {
    file: 'kept-contacts-store',
    hook: 'useKeptContactsStore',
    account: true,
    use: async () => {
      act('kept-contacts-store', 'useKeptContactsStore', 'want');
      await waitFor(() => store('kept-contacts-store', 'useKeptContactsStore').getState().state === 'ready', {
        what: 'the page’s copy of the kept contacts',
      });
    },
  },
  {
    file: 'messages-store',
    hook: 'useMessagesStore',
    account: true,
    use: async () => {
      await act('messages-store', 'useMessagesStore', 'load');
      act('messages-store', 'useMessagesStore', 'type', 'late');
      act('messages-store', 'useMessagesStore', 'setDraft', 1, 'See you at 9');
    },
  },
  {
    file: 'bookings-list-store',
    hook: 'useBookingsListStore',
    account: true,
    use: async () => {
      act('bookings-list-store', 'useBookingsListStore', 'setFilters', { state: 'pending', from: '2026-01-01' });
      await waitFor(() => store('bookings-list-store', 'useBookingsListStore').getState().loading === false);
    },
  },
  {
    file: 'booking-store',
    hook: 'useBookingStore',
    account: true,
    use: async () => {
      await act('booking-store', 'useBookingStore', 'loadPages');
      act('booking-store', 'useBookingStore', 'prefillCaller', { name: 'Half Typed', phone: '', email: '' });
    },
  },
  {
    file: 'calendar-store',
    hook: 'useCalendarStore',
    account: true,
    use: async () => {
      await act('calendar-store', 'useCalendarStore', 'open');
      act('calendar-store', 'useCalendarStore', 'toggleCalendar', 1001);
      act('calendar-store', 'useCalendarStore', 'setView', 'week');
      act('calendar-store', 'useCalendarStore', 'openNew', {});
    },
  },
  {
    file: 'settling-store',
    hook: 'useSettlingStore',
    account: true,
    use: async () =>
      store('settling-store', 'useSettlingStore').setState({
        bookings: { 7: { id: 7, eventId: null, name: 'Lin Wei', state: 'pending', reason: null } },
      }),
  },
  {
    file: 'consent-store',
    hook: 'useConsentStore',
    account: true,
    use: async () => {
      await act('consent-store', 'useConsentStore', 'ask', ['+13125550100']);
      await waitFor(() => Object.keys(store('consent-store', 'useConsentStore').getState().byPhone as object).length);
    },
  },
  {
    file: 'numbers-store',
    hook: 'useNumbersStore',
    account: true,
    use: async () => {
      act('numbers-store', 'useNumbersStore', 'choose', 'month');
      await waitFor(() => store('numbers-store', 'useNumbersStore').getState().numbers !== null, {
        what: 'the numbers',
      });
    },
  },
  {
    file: 'outbox-store',
    hook: 'useOutboxStore',
    account: true,
    use: async () => {
      await act('outbox-store', 'useOutboxStore', 'load');
      await act('outbox-store', 'useOutboxStore', 'retry', 'no-such-change');
    },
    // The counts are the whole outbox's (told signed out too); `version` counts changes and moves on.
    keeps: ['summary', 'version'],
  },
  {
    file: 'waitlist-store',
    hook: 'useWaitlistStore',
    account: true,
    use: async () => {
      await act('waitlist-store', 'useWaitlistStore', 'load');
      act('waitlist-store', 'useWaitlistStore', 'startAdd', { name: 'Half Typed' });
    },
  },
];

/** Each store's module, read once window.frontdesk exists. */
const LOADERS: Record<string, () => Promise<unknown>> = {
  'app-store': () => import('../../../renderer/stores/app-store'),
  'shell-store': () => import('../../../renderer/stores/shell-store'),
  'auth-store': () => import('../../../renderer/stores/auth-store'),
  'schedule-sync-store': () => import('../../../renderer/stores/schedule-sync-store'),
  'nav-store': () => import('../../../renderer/stores/nav-store'),
  'contacts-store': () => import('../../../renderer/stores/contacts-store'),
  'contact-details-store': () => import('../../../renderer/stores/contact-details-store'),
  'finder-store': () => import('../../../renderer/stores/finder-store'),
  'patient-picker-store': () => import('../../../renderer/stores/patient-picker-store'),
  'kept-contacts-store': () => import('../../../renderer/stores/kept-contacts-store'),
  'messages-store': () => import('../../../renderer/stores/messages-store'),
  'bookings-list-store': () => import('../../../renderer/stores/bookings-list-store'),
  'booking-store': () => import('../../../renderer/stores/booking-store'),
  'calendar-store': () => import('../../../renderer/stores/calendar-store'),
  'settling-store': () => import('../../../renderer/stores/settling-store'),
  'outbox-store': () => import('../../../renderer/stores/outbox-store'),
  'consent-store': () => import('../../../renderer/stores/consent-store'),
  'numbers-store': () => import('../../../renderer/stores/numbers-store'),
  'waitlist-store': () => import('../../../renderer/stores/waitlist-store'),
};

useRendererOnCore();

beforeAll(async () => {
  // The stores read window.frontdesk when they load: import them once it exists.
  for (const entry of TABLE) modules[entry.file] = (await LOADERS[entry.file]!()) as StoreModule;
  ({ forgetAccount } = await import('../../../renderer/stores/session-reset'));
}, 30_000);

/** Uses every account store as a receptionist would, and checks that each one changed. */
async function useAll(): Promise<void> {
  for (const entry of TABLE.filter((e) => e.account)) {
    await entry.use!();
    const now = without(data(store(entry.file, entry.hook).getState()), entry.keeps);
    expect(now, `${entry.file} was used`).not.toEqual(without(state(entry.file).getEmptyState(), entry.keeps));
  }
}

describe('one store shape', () => {
  it('every store of renderer/stores is in the table and lists all its data in getEmptyState()', () => {
    const files = readdirSync(STORES_DIR)
      .filter((f) => /create<\w+>\(\)/.test(readFileSync(join(STORES_DIR, f), 'utf8')))
      .map((f) => f.replace(/\.ts$/, ''));
    expect(files.sort()).toEqual(TABLE.map((e) => e.file).sort());
    for (const entry of TABLE) {
      const empty = state(entry.file).getEmptyState();
      expect(Object.keys(data(store(entry.file, entry.hook).getState())).sort(), entry.file).toEqual(
        Object.keys(empty).sort(),
      );
      expect(
        Object.values(empty).some((v) => typeof v === 'function'),
        `${entry.file}: data only`,
      ).toBe(false);
    }
  });

  it('the account reset puts every account store back to its empty state, after it was used', async () => {
    await useAll();
    const before = Object.fromEntries(TABLE.map((e) => [e.file, data(store(e.file, e.hook).getState())]));
    forgetAccount();
    for (const entry of TABLE) {
      const now = data(store(entry.file, entry.hook).getState());
      if (!entry.account) {
        expect(now, `${entry.file} holds no account's data: left alone`).toEqual(before[entry.file]);
        continue;
      }
      expect(without(now, entry.keeps), entry.file).toEqual(without(state(entry.file).getEmptyState(), entry.keeps));
      for (const key of (entry.keeps ?? []).filter((k) => k !== 'version'))
        expect(now[key], `${entry.file} keeps ${key}`).toEqual(before[entry.file]![key]);
    }
  });

  it("a store's own clear() puts it back to its empty state", async () => {
    await useAll();
    for (const entry of TABLE.filter(
      (e) => e.account && typeof store(e.file, e.hook).getState().clear === 'function',
    )) {
      act(entry.file, entry.hook, 'clear');
      expect(data(store(entry.file, entry.hook).getState()), entry.file).toEqual(state(entry.file).getEmptyState());
    }
  });
});
