/** Checks the booking form before it is queued, in plain words next to each field. */
import type { BookingInput, BookingPageView } from '../../../preload/contract';
import { INPUT_WORDS, isEmailAddress, phoneProblem } from '../../../preload/input-rules';
import type { BookingForm } from '../../stores/booking-store';

/** Field → message. */
export type FormErrors = Partial<Record<string, string>>;

/** The problems of the form, keyed by field; empty when it can be booked. */
export function validateBooking(form: BookingForm, page: BookingPageView | undefined): FormErrors {
  const errors: FormErrors = {};
  if (!page) errors.page = 'Choose a booking page.';
  if (!form.slot) errors.slot = 'Choose a time.';
  if (!form.name.trim() && (page?.requires.name || (!form.phone.trim() && !form.email.trim())))
    errors.name = 'Enter the caller’s name.';
  const phoneWrong = form.phone.trim() ? phoneProblem(form.phone) : null;
  if (phoneWrong) errors.phone = phoneWrong;
  if (!form.phone.trim() && page?.requires.phone) errors.phone = 'Enter the caller’s phone number.';
  if (form.email.trim() && !isEmailAddress(form.email)) errors.email = INPUT_WORDS.email;
  if (!form.email.trim() && page?.requires.email) errors.email = 'Enter the caller’s e-mail address.';
  for (const field of page?.fields ?? []) {
    const value = form.fieldData[field.key];
    if (field.required && (value === undefined || value === '' || (field.type === 'checkbox' && value !== true)))
      errors[`field:${field.key}`] = `${field.label} is required.`;
    if (field.type === 'number' && typeof value === 'string' && value.trim() && Number.isNaN(Number(value)))
      errors[`field:${field.key}`] = `${field.label} must be a number.`;
  }
  if (page?.consent.textMessaging && form.textMessaging === null)
    errors.textMessaging = 'Ask whether they agree to appointment text messages.';
  if (page?.consent.marketing && form.marketing === null)
    errors.marketing = 'Ask whether they agree to marketing text messages.';
  return errors;
}

/** The channel's input from a valid form. */
export function toBookingInput(form: BookingForm, page: BookingPageView): BookingInput {
  const fieldData: Record<string, string | number | boolean> = {};
  for (const field of page.fields) {
    const value = form.fieldData[field.key];
    if (value === undefined || value === '') continue;
    fieldData[field.key] = field.type === 'number' && typeof value === 'string' ? Number(value) : value;
  }
  return {
    page: page.slug,
    ...(form.appointmentType ? { appointmentType: form.appointmentType } : {}),
    time: form.slot!.time,
    startsAt: form.slot!.start,
    ...(form.provider !== null ? { provider: form.provider } : {}),
    name: form.name.trim(),
    phone: form.phone.trim(),
    email: form.email.trim(),
    fieldData,
    ...(page.consent.textMessaging ? { optedIntoTextMessaging: form.textMessaging === true } : {}),
    ...(page.consent.marketing ? { optedIntoMarketing: form.marketing === true } : {}),
  };
}
