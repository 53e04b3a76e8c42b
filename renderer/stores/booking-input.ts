/**
 * The booking form and the contract's booking, both ways: what is queued from a form, and the form of a queued
 * booking to change it. Kept apart from the checks so the form's store does not pull the contract's schemas in.
 */
import type { BookingInput, BookingPageView, SlotView } from '../../common/contract';
import { dayKey } from '../lib/practice-time';

/** The fields of the form. */
export interface BookingForm {
  page: string;
  appointmentType: string;
  /** The provider's calendar id; null for "Anyone available". */
  provider: number | null;
  /** `yyyy-MM-dd` in the page's zone; '' until the first open day is found. */
  day: string;
  /** True once the receptionist chose the day (then changing page or type keeps it). */
  dayPicked: boolean;
  slot: SlotView | null;
  name: string;
  phone: string;
  email: string;
  fieldData: Record<string, string | boolean>;
  textMessaging: boolean | null;
  marketing: boolean | null;
}

/** The channel's input from a valid form. */
export function toBookingInput(form: BookingForm, page: BookingPageView): BookingInput {
  return inputOf(form, page, form.slot!);
}

/**
 * The form for a booking queued earlier, to change it: the inverse of `toBookingInput` but for the time, which is
 * chosen again (the day stays; its free times are read afresh). `zone` is the page's.
 */
export function formOfBooking(input: BookingInput, zone: string): BookingForm {
  return {
    page: input.page,
    appointmentType: input.appointmentType ?? '',
    provider: input.provider ?? null,
    day: dayKey(input.startsAt, zone),
    dayPicked: true,
    slot: null,
    name: input.name,
    phone: input.phone,
    email: input.email,
    fieldData: Object.fromEntries(
      Object.entries(input.fieldData).map(([k, v]) => [k, typeof v === 'boolean' ? v : String(v)]),
    ),
    textMessaging: input.optedIntoTextMessaging ?? null,
    marketing: input.optedIntoMarketing ?? null,
  };
}

export function inputOf(
  form: BookingForm,
  page: Pick<BookingPageView, 'slug' | 'fields' | 'consent'>,
  slot: Pick<SlotView, 'time' | 'start'>,
): BookingInput {
  const fieldData: Record<string, string | number | boolean> = {};
  for (const field of page.fields) {
    const value = form.fieldData[field.key];
    if (value === undefined || value === '') continue;
    fieldData[field.key] = field.type === 'number' && typeof value === 'string' ? Number(value) : value;
  }
  return {
    page: page.slug,
    ...(form.appointmentType ? { appointmentType: form.appointmentType } : {}),
    time: slot.time,
    startsAt: slot.start,
    ...(form.provider !== null ? { provider: form.provider } : {}),
    name: form.name.trim(),
    phone: form.phone.trim(),
    email: form.email.trim(),
    fieldData,
    ...(page.consent.textMessaging ? { optedIntoTextMessaging: form.textMessaging === true } : {}),
    ...(page.consent.marketing ? { optedIntoMarketing: form.marketing === true } : {}),
  };
}
