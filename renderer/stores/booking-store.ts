/**
 * The booking form for a caller. What the receptionist typed stays here across screens until
 * the booking is made or they start over.
 */
import { create } from 'zustand';
import type {
  BookingInput,
  BookingPageView,
  IpcError,
  OutboxItem,
  ProviderView,
  SlotView,
} from '../../common/contract';
import { formOfBooking, type BookingForm } from './booking-input';
import { fillKnown, lookupOf, type KnownCaller, type Prefilled } from './booking-answers';
import { frontdesk } from '../lib/frontdesk';
import { onOutboxItem } from '../lib/outbox-items';
import { query } from '../lib/query';
import { addDaysToKey, dayKey, dayStart, isoInZone } from '../lib/practice-time';
import type { StoreData } from '../lib/store-shape';
import { onAccountReset } from './session-reset';

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
  /** What was booked, in the form's words, for the result panel. */
  booked: BookedSummary | null;
  /** A time asked for from the schedule (epoch ms): chosen once the free times arrive, or said to be taken. */
  wanted: { start: number; calendarId: number | null } | null;
  /** A refused booking whose time had gone: the nearest free times with the same provider, offered in one click. */
  nearest: { id: string; slots: SlotView[] } | null;
  /** What the caller the form names (by phone or e-mail) answered on their earlier bookings. */
  known: KnownCaller | null;
  /** The answers filled in from `known` (by field key), as filled. */
  prefilled: Prefilled;
  loadPages(): Promise<void>;
  /** The pages alone, read once (to name a page or an appointment type elsewhere): the form is left as it is. */
  knowPages(): Promise<void>;
  update(patch: Partial<BookingForm>): void;
  loadSlots(): Promise<void>;
  submit(input: BookingInput): Promise<void>;
  startOver(): void;
  chooseAnotherTime(): void;
  /** Looks up the nearest free times for a refused booking (none when its time is still free). */
  loadNearest(id: string): Promise<void>;
  /** Books the refused booking at one of the nearest free times instead (same caller and answers). */
  bookNearest(slot: SlotView): Promise<void>;
  /** Drops the refused booking from the Outbox (nothing was booked) and starts a new one. */
  discardRefused(): Promise<void>;
  editQueued(id: string): Promise<void>;
  /** Starts a booking for a known person (from a contact or the finder): their details typed in, the rest as it was. */
  prefillCaller(caller: { name: string; phone: string; email: string }): void;
  /**
   * Starts a booking at a free time of the schedule: the page and type that book into that calendar (the one serving
   * it alone preferred), that provider, that day, and that time chosen when the page offers it.
   */
  prefillSlot(at: { day: string; start: number; calendarId: number | null }): void;
  /** Forgets everything (another account, or signed out). */
  clear(): void;
}

/** The booking as the result panel tells it: type, provider, person and time in the page's zone. */
export interface BookedSummary {
  typeLabel: string;
  /** The provider chosen; null for "Anyone available". */
  providerName: string | null;
  who: string;
  start: string;
  zone: string;
}

/** Days ahead searched for the first open day. */
const SEARCH_DAYS = 14;

const blank = (): BookingForm => ({
  page: '',
  appointmentType: '',
  provider: null,
  day: '',
  dayPicked: false,
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

/** The provider to preselect for a time picked in `calendarId`'s column: that calendar when the type offers it. */
function providerFor(pages: BookingPageView[], page: string, type: string, calendarId: number | null): number | null {
  const t = pages.find((p) => p.slug === page)?.types.find((x) => x.key === type);
  return calendarId !== null && t?.providers.some((p) => p.id === calendarId) ? calendarId : null;
}

/** A blank form with nothing read (at start and for each account). */
export const getEmptyState = (): StoreData<BookingState> => ({
  pages: [],
  pagesError: null,
  slots: null,
  slotsError: null,
  form: blank(),
  editingId: null,
  submitting: false,
  submitError: null,
  result: null,
  booked: null,
  wanted: null,
  nearest: null,
  known: null,
  prefilled: {},
});

/** The caller's earlier answers: only the newest question's answer is taken. */
const answersRead = query((lookup: { phones: string[]; emails: string[] }) =>
  frontdesk.invoke['bookings:answers'](lookup),
);

/** Fills the form with what `known` answered (taking back what another caller's answers filled in). */
function applyKnown(known: KnownCaller | null): void {
  const { form, prefilled, pages } = useBookingStore.getState();
  if (!known && Object.keys(prefilled).length === 0) return useBookingStore.setState({ known: null });
  const filled = fillKnown(
    form.fieldData,
    prefilled,
    pages.find((p) => p.slug === form.page),
    known,
  );
  useBookingStore.setState({ known, prefilled: filled.prefilled, form: { ...form, fieldData: filled.fieldData } });
}

/** Looks up what the caller the form now names answered before (once per phone and e-mail), and fills it in. */
async function findKnown(): Promise<void> {
  const lookup = lookupOf(useBookingStore.getState().form);
  if (!lookup) {
    answersRead.cancel();
    return applyKnown(null);
  }
  if (useBookingStore.getState().known?.person === lookup.key) return;
  const r = await answersRead.run({ phones: lookup.phones, emails: lookup.emails });
  if (!r?.ok || lookupOf(useBookingStore.getState().form)?.key !== lookup.key) return;
  applyKnown({ person: lookup.key, answers: r.value.answers, from: r.value.from });
}

/** One store for booking. */
export const useBookingStore = create<BookingState>()((set, get) => ({
  ...getEmptyState(),
  async loadPages() {
    const r = await frontdesk.invoke['bookings:pages']();
    if (!r.ok) return set({ pagesError: r.error });
    set({ pages: r.value, pagesError: null });
    const { form, wanted } = get();
    const page = r.value.find((p) => p.slug === form.page) ?? r.value[0];
    // A time asked for before the pages were known: the page serving its calendar now, with that provider.
    const served = wanted?.calendarId && !form.page ? servingType(r.value, wanted.calendarId) : null;
    if (served)
      get().update({
        page: served.page,
        appointmentType: served.type,
        provider: providerFor(r.value, served.page, served.type, wanted?.calendarId ?? null),
      });
    else if (page && !form.page) get().update({ page: page.slug, appointmentType: page.types[0]?.key ?? '' });
    else if (form.page && get().slots === null) void get().loadSlots();
  },
  async knowPages() {
    if (get().pages.length > 0) return;
    const r = await frontdesk.invoke['bookings:pages']();
    if (r.ok && get().pages.length === 0) set({ pages: r.value });
  },
  update(patch) {
    const before = get().form;
    let form = { ...before, ...patch };
    if ('day' in patch && !('dayPicked' in patch)) form.dayPicked = true;
    const page = get().pages.find((p) => p.slug === form.page);
    // The provider chosen decides the types offered (typesFor): another page without them drops the choice.
    if (form.provider !== null && !pageProviders(page).some((p) => p.id === form.provider)) form.provider = null;
    const offered = typesFor(page, form.provider);
    if (page && offered.length > 0 && !offered.some((t) => t.key === form.appointmentType))
      form.appointmentType = offered[0]!.key;
    const pageOrType = form.page !== before.page || form.appointmentType !== before.appointmentType;
    if (pageOrType) {
      // Another page or type: its providers and (unless the desk chose a day) its first open day.
      const type = get()
        .pages.find((p) => p.slug === form.page)
        ?.types.find((t) => t.key === form.appointmentType);
      if (form.provider !== null && !type?.providers.some((p) => p.id === form.provider)) form.provider = null;
      if (!form.dayPicked) form.day = '';
    } else if (form.provider !== before.provider && form.provider !== null && !form.dayPicked) {
      // Another provider, on a day the form chose for whoever was free first: that provider's first open day.
      form.day = '';
    }
    // A provider's free times are read for that provider (core checks their calendar for a staff booking).
    const slotInputsChanged = pageOrType || form.day !== before.day || form.provider !== before.provider;
    if (slotInputsChanged || (form.slot && !offersProvider(form.slot, form.provider))) form = { ...form, slot: null };
    set({
      form,
      submitError: null,
      // A time chosen by hand ends the wish for the one picked in the schedule.
      ...('slot' in patch ? { wanted: null } : {}),
    });
    if (slotInputsChanged) void get().loadSlots();
    if ('phone' in patch || 'email' in patch) void findKnown();
    else if (pageOrType && get().known) applyKnown(get().known);
  },
  async loadSlots() {
    const { page, appointmentType, day, provider } = get().form;
    const zone = get().pages.find((p) => p.slug === page)?.timeZone;
    if (!page || !zone) return;
    set({ slots: null, slotsError: null });
    // Without a day, the next two weeks are searched and the first day with a free time is shown.
    const from = day ? dayStart(day, zone).getTime() : Date.now();
    const to = dayStart(addDaysToKey(day || dayKey(from, zone), day ? 1 : SEARCH_DAYS), zone).getTime() - 1000;
    const r = await frontdesk.invoke['bookings:availability']({
      page,
      ...(appointmentType ? { appointmentType } : {}),
      ...(provider !== null ? { provider } : {}),
      begin: isoInZone(from, zone),
      end: isoInZone(to, zone),
    });
    const now = get().form;
    if (now.page !== page || now.day !== day || now.appointmentType !== appointmentType || now.provider !== provider)
      return;
    if (!r.ok) return set({ slotsError: r.error, slots: [] });
    if (day) {
      set({ slots: r.value });
      const wanted = get().wanted;
      const match = wanted ? r.value.find((s) => Date.parse(s.start) === wanted.start) : undefined;
      if (match) set({ form: { ...get().form, slot: match }, wanted: null });
      return;
    }
    const first = r.value.find((s) => offersProvider(s, now.provider)) ?? r.value[0];
    const found = first ? dayKey(first.start, zone) : dayKey(from, zone);
    set({
      form: { ...now, day: found, slot: null },
      slots: r.value.filter((s) => dayKey(s.start, zone) === found),
    });
  },
  async submit(input) {
    const page = get().pages.find((p) => p.slug === get().form.page);
    set({
      submitting: true,
      submitError: null,
      booked: page && get().form.slot ? bookedSummary(get().form, page) : null,
    });
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
    void findKnown();
  },
  prefillSlot(at) {
    // A finished booking or a queued one being changed is left alone: this is a new booking.
    if (get().result || get().editingId) set({ result: null, booked: null, editingId: null });
    const served = at.calendarId ? servingType(get().pages, at.calendarId) : null;
    const chosen = served
      ? {
          page: served.page,
          appointmentType: served.type,
          provider: providerFor(get().pages, served.page, served.type, at.calendarId),
        }
      : {};
    set({
      form: { ...get().form, ...chosen, day: at.day, dayPicked: true, slot: null },
      wanted: { start: at.start, calendarId: at.calendarId },
      submitError: null,
    });
    void get().loadSlots();
  },
  clear() {
    answersRead.cancel();
    set(getEmptyState());
  },
  startOver() {
    const { page, appointmentType, provider } = get().form;
    set({
      form: { ...blank(), page, appointmentType, provider },
      result: null,
      booked: null,
      editingId: null,
      submitError: null,
      wanted: null,
      nearest: null,
      known: null,
      prefilled: {},
    });
    void get().loadSlots();
  },
  async discardRefused() {
    const id = get().result?.id;
    if (!id) return;
    const r = await frontdesk.invoke['outbox:discard']({ id });
    if (!r.ok) return set({ submitError: r.error });
    get().startOver();
  },
  chooseAnotherTime() {
    set((s) => ({ form: { ...s.form, slot: null }, result: null, nearest: null }));
    void get().loadSlots();
  },
  async loadNearest(id) {
    const r = await frontdesk.invoke['bookings:nearest']({ id });
    if (get().result?.id !== id) return; // moved on meanwhile
    set({ nearest: r.ok ? { id, slots: r.value } : null });
  },
  async bookNearest(slot) {
    const id = get().nearest?.id;
    if (!id) return;
    set({ submitting: true, submitError: null });
    const draft = await frontdesk.invoke['bookings:draft']({ id });
    const r = draft.ok
      ? await frontdesk.invoke['bookings:rebook']({
          id,
          booking: { ...draft.value, time: slot.time.slice(0, 16), startsAt: slot.start },
        })
      : draft;
    if (!r.ok) return set({ submitting: false, submitError: r.error });
    const booked = get().booked;
    set({
      submitting: false,
      result: r.value,
      nearest: null,
      booked: booked ? { ...booked, start: slot.start } : null,
    });
  },
  async editQueued(id) {
    if (get().pages.length === 0) await get().loadPages();
    const r = await frontdesk.invoke['bookings:draft']({ id });
    if (!r.ok) return set({ submitError: r.error });
    const zone = get().pages.find((p) => p.slug === r.value.page)?.timeZone ?? 'UTC';
    set({
      editingId: id,
      result: null,
      booked: null,
      wanted: null,
      form: formOfBooking(r.value, zone),
      known: null,
      prefilled: {},
    });
    void get().loadSlots();
  },
}));

/** The booking in the form's words (type, chosen provider, caller, time and zone), for the result panel. */
function bookedSummary(form: BookingForm, page: BookingPageView): BookedSummary {
  const type = page.types.find((t) => t.key === form.appointmentType) ?? page.types[0];
  return {
    typeLabel: type?.label ?? 'Appointment',
    // The chosen provider; the only one when the type has one (then there is no choice to make).
    providerName:
      type?.providers.find((p) => p.id === form.provider)?.name ??
      (type?.providers.length === 1 ? type.providers[0]!.name : null),
    who: form.name.trim() || form.phone.trim() || form.email.trim(),
    start: form.slot!.start,
    zone: page.timeZone,
  };
}

/** Every provider of the page's types, each once, in the order the types name them. */
export function pageProviders(page: BookingPageView | undefined): ProviderView[] {
  const seen = new Map<number, ProviderView>();
  for (const t of page?.types ?? []) for (const p of t.providers) if (!seen.has(p.id)) seen.set(p.id, p);
  return [...seen.values()];
}

/**
 * The types offered with `provider`: all for "Anyone available"; else the types whose only calendar is that
 * provider's (the service books them there), or, when none is, the types that provider is among (booked as a staff
 * appointment on that provider's calendar: core decides the same, outbox/kinds/booking.ts).
 */
export function typesFor(page: BookingPageView | undefined, provider: number | null): BookingPageView['types'] {
  const types = page?.types ?? [];
  if (provider === null) return types;
  const alone = types.filter((t) => t.calendarIds.length === 1 && t.calendarIds[0] === provider);
  return alone.length > 0 ? alone : types.filter((t) => t.calendarIds.includes(provider));
}

/** True when a booking of `typeKey` with `provider` is a staff booking (the type has other calendars too). */
export function isStaffBooking(page: BookingPageView | undefined, typeKey: string, provider: number | null): boolean {
  const type = page?.types.find((t) => t.key === typeKey) ?? page?.types[0];
  return provider !== null && !!type && !(type.calendarIds.length === 1 && type.calendarIds[0] === provider);
}

/** True when `slot` can be booked with `provider` (any slot for "Anyone available"). */
export function offersProvider(slot: SlotView, provider: number | null): boolean {
  return provider === null || slot.providers.length === 0 || slot.providers.includes(provider);
}

/** Follows the booking's progress through the outbox; call once at start-up. */
export function wireBookingEvents(): () => void {
  return onOutboxItem('bookings', (item) => {
    if (useBookingStore.getState().result?.id === item.id) useBookingStore.setState({ result: item });
  });
}

onAccountReset('booking', () => useBookingStore.getState().clear());
