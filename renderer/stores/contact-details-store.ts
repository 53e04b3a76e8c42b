/**
 * The contact open in details: the contact itself (fresh when possible), their appointments and bookings, and the
 * actions Book appointment (prefilled), Edit and Delete.
 */
import { create } from 'zustand';
import type { ContactHistory, ContactView, IpcError } from '../../common/contract';
import { frontdesk } from '../lib/frontdesk';
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
let seq = 0;

/** One store for the open contact. */
export const useContactDetailsStore = create<ContactDetailsState>()((set, get) => ({
  ...getEmptyState(),
  open(contact) {
    seq++;
    set({ ...getEmptyState(), contact });
    useContactsStore.setState({ mode: 'list', saved: null });
    useNavStore.getState().go('contacts');
    void get().loadHistory();
    if (contact.id !== null) {
      const id = contact.id;
      const mine = seq;
      void frontdesk.invoke['contacts:get']({ id }).then((r) => {
        if (r.ok && mine === seq) set({ contact: r.value.contact });
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
    seq++;
    set(getEmptyState());
  },
  refresh() {
    const c = get().contact;
    if (!c || c.id === null) return;
    const mine = seq;
    void frontdesk.invoke['contacts:get']({ id: c.id }).then((r) => {
      if (!r.ok || mine !== seq) return;
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
    const mine = seq;
    set({ loadingHistory: true });
    const r = await frontdesk.invoke['contacts:history'](lookups);
    if (mine !== seq) return;
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
