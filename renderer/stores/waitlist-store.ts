/**
 * The waitlist as the Waitlist screen shows it: the patients on it, the times freed here with who fits them, and the
 * offers by text with each patient's step. Read from core (`waitlist:list`, kept at the service so every workstation
 * reads the same list), read again every few seconds while the screen is open (another desk's changes and answers),
 * and put in place when core tells it changed (`waitlist:changed`: a change made here, an answer settled).
 */
import { create } from 'zustand';
import type { IpcError, OfferInput, WaitlistInput, WaitlistView } from '../../common/contract';
import { frontdesk } from '../lib/frontdesk';
import { onOutboxItem } from '../lib/outbox-items';
import type { StoreData } from '../lib/store-shape';
import { useNavStore } from './nav-store';
import { onAccountReset } from './session-reset';

/** How often the open screen reads the list again. */
const POLL_MS = 5_000;

/** What is known of a patient when "Add to waitlist" is chosen from another screen. */
export interface WaitlistDraft {
  name?: string;
  phone?: string;
  contactId?: number;
  calendarId?: number;
  appointmentType?: string;
}

/** State and actions of the waitlist. */
export interface WaitlistState {
  view: WaitlistView | null;
  loading: boolean;
  error: IpcError | null;
  /** The read again while the screen is open (null when closed). */
  poll: ReturnType<typeof setInterval> | null;
  /** The add form's patient, when open (filled in from a contact, an appointment or Find a patient). */
  draft: WaitlistDraft | null;
  /** Opens the Waitlist screen with the add form, filled in with what is known. */
  startAdd(draft: WaitlistDraft): void;
  cancelAdd(): void;
  load(): Promise<void>;
  /** The screen opened: read now and every few seconds until `close()`. */
  open(): void;
  close(): void;
  add(input: WaitlistInput): Promise<IpcError | null>;
  remove(key: string): Promise<IpcError | null>;
  offer(input: OfferInput): Promise<IpcError | null>;
}

/** Nothing known (at start and for each account). */
export const getEmptyState = (): StoreData<WaitlistState> => ({
  view: null,
  loading: false,
  error: null,
  poll: null,
  draft: null,
});

/** One store for the waitlist. */
export const useWaitlistStore = create<WaitlistState>()((set, get) => ({
  ...getEmptyState(),
  async load() {
    set({ loading: get().view === null });
    const r = await frontdesk.invoke['waitlist:list']();
    if (r.ok) set({ view: r.value, loading: false, error: null });
    else set({ loading: false, error: r.error });
  },
  open() {
    void get().load();
    if (get().poll === null) set({ poll: setInterval(() => void get().load(), POLL_MS) });
  },
  close() {
    const poll = get().poll;
    if (poll !== null) clearInterval(poll);
    set({ poll: null });
  },
  startAdd(draft) {
    set({ draft });
    useNavStore.getState().go('waitlist');
  },
  cancelAdd() {
    set({ draft: null });
  },
  async add(input) {
    const r = await frontdesk.invoke['waitlist:add'](input);
    if (!r.ok) return r.error;
    set({ draft: null });
    void get().load();
    return null;
  },
  async remove(key) {
    const r = await frontdesk.invoke['waitlist:remove']({ key });
    if (!r.ok) return r.error;
    void get().load();
    return null;
  },
  async offer(input) {
    const r = await frontdesk.invoke['waitlist:offer'](input);
    if (!r.ok) return r.error;
    void get().load();
    return null;
  },
}));

/** Core's word that the list changed, and the waitlist's changes moving in the outbox. Call once. */
export function wireWaitlistEvents(): () => void {
  const offChanged = frontdesk.on['waitlist:changed']((view) => useWaitlistStore.setState({ view }));
  const offItems = onOutboxItem('waitlist', () => {
    if (useWaitlistStore.getState().poll !== null) void useWaitlistStore.getState().load();
  });
  return () => {
    offChanged();
    offItems();
  };
}

onAccountReset('waitlist', () => {
  useWaitlistStore.getState().close();
  useWaitlistStore.setState(getEmptyState());
});
