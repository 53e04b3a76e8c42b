/**
 * Text-message consent of the phones on screen (a contact's page, an appointment, a thread): read from core by phone
 * (`contacts:consent`), read again when a "Stop texting" change moves or a text is refused, and "Stop texting this
 * patient" (`contacts:stop-texting`, queued offline like any change; undone while it waits by discarding it).
 */
import { create } from 'zustand';
import type { IpcError, OutboxItem, TextConsent } from '../../common/contract';
import { frontdesk } from '../lib/frontdesk';
import { onOutboxItem } from '../lib/outbox-items';
import type { StoreData } from '../lib/store-shape';
import { onAccountReset } from './session-reset';

/** State and actions of consent. */
export interface ConsentState {
  /** Each phone asked about, as it was asked. */
  byPhone: Record<string, TextConsent>;
  /** Why the lists are not known, when they are not. */
  unknownWhy: 'not_read' | 'no_permission' | null;
  /** The last "Stop texting" change asked here, and its refusal when it was not taken. */
  stopping: OutboxItem | null;
  stopError: IpcError | null;
  /** Reads (again) the consent of these phones. */
  ask(phones: readonly string[]): Promise<void>;
  /** "Stop texting this patient": their phones go onto the opt-out list (through the outbox). */
  stop(phones: readonly string[], who: string): Promise<boolean>;
  /** Undo while it waits: the change is discarded before it reaches the service. */
  undo(id: string): Promise<void>;
  clear(): void;
}

/** Nothing known (at start and for each account). */
export const getEmptyState = (): StoreData<ConsentState> => ({
  byPhone: {},
  unknownWhy: null,
  stopping: null,
  stopError: null,
});

const useful = (phones: readonly string[]) => [...new Set(phones.map((p) => p.trim()).filter(Boolean))].slice(0, 20);

/** One store for consent. */
export const useConsentStore = create<ConsentState>()((set, get) => ({
  ...getEmptyState(),
  async ask(phones) {
    const asked = useful(phones);
    if (asked.length === 0) return;
    const r = await frontdesk.invoke['contacts:consent']({ phones: asked });
    if (!r.ok) return;
    set({ byPhone: { ...get().byPhone, ...r.value.phones }, unknownWhy: r.value.unknownWhy });
  },
  async stop(phones, who) {
    const asked = useful(phones).slice(0, 5);
    if (asked.length === 0) return false;
    set({ stopError: null });
    const r = await frontdesk.invoke['contacts:stop-texting']({ phones: asked, who });
    if (!r.ok) {
      set({ stopError: r.error });
      return false;
    }
    set({ stopping: r.value });
    await get().ask(asked);
    return true;
  },
  async undo(id) {
    const r = await frontdesk.invoke['outbox:discard']({ id });
    if (!r.ok) return set({ stopError: r.error });
    set({ stopping: null });
    await get().ask(Object.keys(get().byPhone));
  },
  clear() {
    set(getEmptyState());
  },
}));

/** The consent of one phone ('' or unknown phones: undefined until asked). */
export const useTextConsent = (phone: string | null | undefined): TextConsent | undefined =>
  useConsentStore((s) => (phone ? s.byPhone[phone.trim()] : undefined));

/** True when the phone's owner asked not to be texted (a text to it is refused). */
export const textsStopped = (consent: TextConsent | undefined): boolean => consent?.state === 'stopped';

/**
 * A "Stop texting" change moved, or a text was refused (perhaps because the patient opted out): the phones on screen
 * are read again. Call once.
 */
export function wireConsentEvents(): () => void {
  return onOutboxItem('consent', (item) => {
    const { stopping, byPhone } = useConsentStore.getState();
    if (stopping?.id === item.id) useConsentStore.setState({ stopping: item });
    void useConsentStore.getState().ask(Object.keys(byPhone));
  });
}

onAccountReset('consent', () => useConsentStore.getState().clear());
