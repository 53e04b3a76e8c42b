/**
 * The booking form for a caller. What the receptionist typed stays here across screens until
 * the booking is made or they start over.
 */
import { endOfDay, format, formatISO, parseISO, startOfDay } from 'date-fns';
import { create } from 'zustand';
import type { BookingInput, BookingPageView, IpcError, OutboxItem, SlotView } from '../../preload/contract';
import { frontdesk } from '../lib/frontdesk';
import { onAccountReset } from './session-reset';

/** The fields of the form. */
export interface BookingForm {
  page: string;
  appointmentType: string;
  day: string;
  slot: SlotView | null;
  name: string;
  phone: string;
  email: string;
  fieldData: Record<string, string | boolean>;
  textMessaging: boolean | null;
  marketing: boolean | null;
}

/** State and actions of the booking store. */
export interface BookingState {
  pages: BookingPageView[];
  pagesError: IpcError | null;
  slots: SlotView[] | null;
  slotsError: IpcError | null;
  form: BookingForm;
  /** The queued booking being edited (Outbox → Edit, or a refused time), if any. */
  editingId: string | null;
  submitting: boolean;
  submitError: IpcError | null;
  result: OutboxItem | null;
  /** A time asked for from the schedule (epoch ms): chosen once the free times arrive, or said to be taken. */
  wanted: { start: number; calendarId: number | null } | null;
  loadPages(): Promise<void>;
  update(patch: Partial<BookingForm>): void;
  loadSlots(): Promise<void>;
  submit(input: BookingInput): Promise<void>;
  startOver(): void;
  chooseAnotherTime(): void;
  editQueued(id: string): Promise<void>;
  /** Starts a booking for a known person (from a contact or the finder): their details typed in, the rest as it was. */
  prefillCaller(caller: { name: string; phone: string; email: string }): void;
  /**
   * Starts a booking at a free time of the schedule: the page and type that book into that calendar (the one serving
   * it alone preferred), that day, and that time chosen when the page offers it.
   */
  prefillSlot(at: { day: string; start: number; calendarId: number | null }): void;
  /** Forgets everything (another account, or signed out). */
  clear(): void;
}

const blank = (): BookingForm => ({
  page: '',
  appointmentType: '',
  day: format(Date.now(), 'yyyy-MM-dd'),
  slot: null,
  name: '',
  phone: '',
  email: '',
  fieldData: {},
  textMessaging: null,
  marketing: null,
});

/** The page and type that book into `calendarId`, preferring a type that serves that calendar alone. */
function servingType(pages: BookingPageView[], calendarId: number): { page: string; type: string } | null {
  let best: { page: string; type: string; others: number } | null = null;
  for (const page of pages)
    for (const type of page.types) {
      if (!type.calendarIds.includes(calendarId)) continue;
      const others = type.calendarIds.length - 1;
      if (!best || others < best.others) best = { page: page.slug, type: type.key, others };
    }
  return best && { page: best.page, type: best.type };
}

/** One store for booking. */
export const useBookingStore = create<BookingState>()((set, get) => ({
  pages: [],
  pagesError: null,
  slots: null,
  slotsError: null,
  form: blank(),
  editingId: null,
  submitting: false,
  submitError: null,
  result: null,
  wanted: null,
  async loadPages() {
    const r = await frontdesk.invoke['bookings:pages']();
    if (!r.ok) return set({ pagesError: r.error });
    set({ pages: r.value, pagesError: null });
    const { form, wanted } = get();
    const page = r.value.find((p) => p.slug === form.page) ?? r.value[0];
    // A time asked for before the pages were known: the page serving its calendar now.
    const served = wanted?.calendarId && !form.page ? servingType(r.value, wanted.calendarId) : null;
    if (served) get().update({ page: served.page, appointmentType: served.type });
    else if (page && !form.page) get().update({ page: page.slug, appointmentType: page.types[0]?.key ?? '' });
  },
  update(patch) {
    const form = { ...get().form, ...patch };
    const slotInputsChanged = 'page' in patch || 'appointmentType' in patch || 'day' in patch;
    set({
      form: slotInputsChanged ? { ...form, slot: null } : form,
      submitError: null,
      // A time chosen by hand ends the wish for the one picked in the schedule.
      ...('slot' in patch ? { wanted: null } : {}),
    });
    if (slotInputsChanged) void get().loadSlots();
  },
  async loadSlots() {
    const { page, appointmentType, day } = get().form;
    if (!page || !day) return;
    set({ slots: null, slotsError: null });
    const date = parseISO(day);
    const r = await frontdesk.invoke['bookings:availability']({
      page,
      ...(appointmentType ? { appointmentType } : {}),
      begin: formatISO(startOfDay(date)),
      end: formatISO(endOfDay(date)),
    });
    const now = get().form;
    if (now.page !== page || now.day !== day || now.appointmentType !== appointmentType) return;
    set(r.ok ? { slots: r.value } : { slotsError: r.error, slots: [] });
    const wanted = get().wanted;
    const match = r.ok && wanted ? r.value.find((s) => Date.parse(s.start) === wanted.start) : undefined;
    if (match) set({ form: { ...get().form, slot: match }, wanted: null });
  },
  async submit(input) {
    set({ submitting: true, submitError: null });
    const id = get().editingId;
    const r = id
      ? await frontdesk.invoke['bookings:rebook']({ id, booking: input })
      : await frontdesk.invoke['bookings:book'](input);
    set(
      r.ok
        ? { submitting: false, result: r.value, editingId: r.value.id }
        : { submitting: false, submitError: r.error },
    );
  },
  prefillCaller(caller) {
    // A finished booking or a queued one being changed is left alone: this is a new booking.
    if (get().result || get().editingId) get().startOver();
    set({ form: { ...get().form, ...caller }, submitError: null });
  },
  prefillSlot(at) {
    // A finished booking or a queued one being changed is left alone: this is a new booking.
    if (get().result || get().editingId) set({ result: null, editingId: null });
    const served = at.calendarId ? servingType(get().pages, at.calendarId) : null;
    const chosen = served ? { page: served.page, appointmentType: served.type } : {};
    set({
      form: { ...get().form, ...chosen, day: at.day, slot: null },
      wanted: { start: at.start, calendarId: at.calendarId },
      submitError: null,
    });
    void get().loadSlots();
  },
  clear() {
    set({
      pages: [],
      pagesError: null,
      slots: null,
      slotsError: null,
      form: blank(),
      editingId: null,
      submitting: false,
      submitError: null,
      result: null,
      wanted: null,
    });
  },
  startOver() {
    const { page, appointmentType } = get().form;
    set({
      form: { ...blank(), page, appointmentType },
      result: null,
      editingId: null,
      submitError: null,
      wanted: null,
    });
    void get().loadSlots();
  },
  chooseAnotherTime() {
    set((s) => ({ form: { ...s.form, slot: null }, result: null }));
    void get().loadSlots();
  },
  async editQueued(id) {
    const r = await frontdesk.invoke['bookings:draft']({ id });
    if (!r.ok) return set({ submitError: r.error });
    const d = r.value;
    const fieldData = Object.fromEntries(
      Object.entries(d.fieldData).map(([k, v]) => [k, typeof v === 'boolean' ? v : String(v)]),
    );
    set({
      editingId: id,
      result: null,
      wanted: null,
      form: {
        page: d.page,
        appointmentType: d.appointmentType ?? '',
        day: format(parseISO(d.startsAt), 'yyyy-MM-dd'),
        slot: null,
        name: d.name,
        phone: d.phone,
        email: d.email,
        fieldData,
        textMessaging: d.optedIntoTextMessaging ?? null,
        marketing: d.optedIntoMarketing ?? null,
      },
    });
    void get().loadSlots();
  },
}));

/** Follows the booking's progress through the outbox; call once at start-up. */
export function wireBookingEvents(): () => void {
  return frontdesk.on['outbox:item']((item) => {
    if (useBookingStore.getState().result?.id === item.id) useBookingStore.setState({ result: item });
  });
}

onAccountReset('booking', () => useBookingStore.getState().clear());
