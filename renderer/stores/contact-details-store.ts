/**
 * The contact open in details: the contact itself (fresh when possible), their appointments and bookings, and the
 * actions Book appointment (prefilled), Edit and Delete.
 */
import { create } from 'zustand';
import type { ContactHistory, ContactView, IpcError } from '../../common/contract';
import { frontdesk } from '../lib/frontdesk';
import { query } from '../lib/query';
import type { StoreData } from '../lib/store-shape';
import { useBookingStore } from './booking-store';
import { targetOf, useContactsStore } from './contacts-store';
import { useNavStore } from './nav-store';
import { onAccountReset } from './session-reset';

/** State and actions of the contact details. */
export interface ContactDetailsState {
  contact: ContactView | null;
  history: ContactHistory | null;
  historyError: IpcError | null;
  loadingHistory: boolean;
  deleting: boolean;
  deleteError: IpcError | null;
  /** Opens a contact from a list row, the finder or an appointment. */
  open(contact: ContactView): void;
  /** Opens a contact by its service id (reads it first). */
  openById(id: number): Promise<boolean>;
  close(): void;
  /** Reads the open contact and their history again (after an edit). */
  refresh(): void;
  loadHistory(): Promise<void>;
  /** Book appointment: the booking form with this person's name, phone and e-mail. */
  book(): void;
  remove(): Promise<void>;
  clear(): void;
}

const primaryFirst = <T extends { primary: boolean }>(items: T[]) =>
  [...items].sort((a, b) => Number(b.primary) - Number(a.primary));

/** The phones (E.164 when known) and e-mails the service can find appointments by. */
export function lookupsOf(c: ContactView): { phones: string[]; emails: string[] } {
  return {
    phones: [...new Set(c.phones.map((p) => p.normalized || p.number).filter(Boolean))].slice(0, 5),
    emails: [...new Set(c.emails.map((e) => e.address).filter((a) => /^[^@\s]+@[^@\s]+$/.test(a)))].slice(0, 5),
  };
}

/** No contact open (at start, after closing, and for each account). */
export const getEmptyState = (): StoreData<ContactDetailsState> => ({
  contact: null,
  history: null,
  historyError: null,
  loadingHistory: false,
  deleting: false,
  deleteError: null,
});

// The open contact and their history, each read anew when asked (after an edit too); opening or closing a contact
// drops the answers still on their way for the one before.
const contactRead = query((args: { id: number }) => frontdesk.invoke['contacts:get'](args), { shareInFlight: false });
const historyRead = query((lookups: ReturnType<typeof lookupsOf>) => frontdesk.invoke['contacts:history'](lookups), {
  shareInFlight: false,
});
function forgetReads(): void {
  contactRead.cancel();
  historyRead.cancel();
}

/** One store for the open contact. */
export const useContactDetailsStore = create<ContactDetailsState>()((set, get) => ({
  ...getEmptyState(),
  open(contact) {
    forgetReads();
    set({ ...getEmptyState(), contact });
    useContactsStore.setState({ mode: 'list', saved: null });
    useNavStore.getState().go('contacts');
    void get().loadHistory();
    if (contact.id !== null) {
      void contactRead.run({ id: contact.id }).then((r) => {
        if (r?.ok) set({ contact: r.value.contact });
      });
    }
  },
  async openById(id) {
    const r = await frontdesk.invoke['contacts:get']({ id });
    if (!r.ok) return false;
    get().open(r.value.contact);
    return true;
  },
  close() {
    forgetReads();
    set(getEmptyState());
  },
  refresh() {
    const c = get().contact;
    if (!c || c.id === null) return;
    void contactRead.run({ id: c.id }).then((r) => {
      if (!r?.ok) return;
      set({ contact: r.value.contact });
      void get().loadHistory();
    });
  },
  async loadHistory() {
    const contact = get().contact;
    if (!contact) return;
    const lookups = lookupsOf(contact);
    if (lookups.phones.length + lookups.emails.length === 0) {
      return set({ history: { upcoming: [], past: [], bookings: [], fetchedAt: Date.now(), source: 'service' } });
    }
    set({ loadingHistory: true });
    const r = await historyRead.run(lookups);
    if (r === null) return; // another contact was opened (or closed), or the history was asked again
    set(
      r.ok
        ? { history: r.value, historyError: null, loadingHistory: false }
        : { historyError: r.error, loadingHistory: false },
    );
  },
  book() {
    const c = get().contact;
    if (!c) return;
    const phone = primaryFirst(c.phones)[0];
    const email = primaryFirst(c.emails)[0];
    useBookingStore.getState().prefillCaller({
      name: c.name,
      phone: phone ? phone.display || phone.number : '',
      email: email?.address ?? '',
    });
    useNavStore.getState().go('book');
  },
  async remove() {
    const c = get().contact;
    if (!c) return;
    set({ deleting: true, deleteError: null });
    const r = await frontdesk.invoke['contacts:delete'](targetOf(c));
    if (!r.ok) return set({ deleting: false, deleteError: r.error });
    get().close();
    useContactsStore.setState({ saved: { item: r.value, name: c.name } });
    void useContactsStore.getState().load();
  },
  clear() {
    get().close();
  },
}));

onAccountReset('contact-details', () => useContactDetailsStore.getState().clear());
