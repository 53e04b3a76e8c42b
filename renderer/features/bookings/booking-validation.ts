/** Checks the booking form before it is queued, in plain words next to each field. */
import type { BookingInput, BookingPageView } from '../../../preload/contract';
import type { BookingForm } from '../../stores/booking-store';

/** Field → message. */
export type FormErrors = Partial<Record<string, string>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The problems of the form, keyed by field; empty when it can be booked. */
export function validateBooking(form: BookingForm, page: BookingPageView | undefined): FormErrors {
  const errors: FormErrors = {};
  if (!page) errors.page = 'Choose a booking page.';
  if (!form.slot) errors.slot = 'Choose a time.';
  if (!form.name.trim() && (page?.requires.name || (!form.phone.trim() && !form.email.trim())))
    errors.name = 'Enter the caller’s name.';
  const digits = form.phone.replace(/\D/g, '');
  if (form.phone.trim() && (digits.length < 7 || digits.length > 15))
    errors.phone = 'This does not look like a phone number.';
  if (!form.phone.trim() && page?.requires.phone) errors.phone = 'Enter the caller’s phone number.';
  if (form.email.trim() && !EMAIL.test(form.email.trim())) errors.email = 'This does not look like an e-mail address.';
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
