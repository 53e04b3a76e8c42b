/** Checks the booking form before it is queued, in plain words next to each field. */
import { invokeChannels, type BookingPageView } from '../../../common/contract';
import { fieldErrors, type FieldErrors } from '../../lib/form-issues';
import { inputOf, type BookingForm } from '../../stores/booking-input';

/** Field → message (`field:<key>` for a page's own question). */
export type FormErrors = FieldErrors;

/**
 * The problems of the form, keyed by field; empty when it can be booked. The contract's own schema for a booking
 * decides what any booking must be (the one main parses `bookings:book` with: phone and e-mail shapes, lengths,
 * someone to book for); the form itself checks what only the chosen page knows (what it requires, its questions and
 * consents) and that a page and a time are chosen.
 */
export function validateBooking(form: BookingForm, page: BookingPageView | undefined): FormErrors {
  const own: FormErrors = {};
  if (!page) own.page = 'Choose a booking page.';
  if (!form.slot) own.slot = 'Choose a time.';
  if (!form.name.trim() && page?.requires.name) own.name = 'Enter the caller’s name.';
  if (!form.phone.trim() && page?.requires.phone) own.phone = 'Enter the caller’s phone number.';
  if (!form.email.trim() && page?.requires.email) own.email = 'Enter the caller’s e-mail address.';
  for (const field of page?.fields ?? []) {
    const value = form.fieldData[field.key];
    if (field.required && (value === undefined || value === '' || (field.type === 'checkbox' && value !== true)))
      own[`field:${field.key}`] = `${field.label} is required.`;
    if (field.type === 'number' && typeof value === 'string' && value.trim() && Number.isNaN(Number(value)))
      own[`field:${field.key}`] = `${field.label} must be a number.`;
  }
  if (page?.consent.textMessaging && form.textMessaging === null)
    own.textMessaging = 'Ask whether they agree to appointment text messages.';
  if (page?.consent.marketing && form.marketing === null)
    own.marketing = 'Ask whether they agree to marketing text messages.';
  // Without a page or a time yet, the caller's details are still checked (against stand-ins for those two).
  const input = inputOf(form, page ?? NO_PAGE, form.slot ?? NO_SLOT);
  return { ...fieldErrors(invokeChannels['bookings:book'].args, input, fieldOf), ...own };
}

/** The form's field for a path of the contract's booking (page and time are chosen, never typed: not mapped). */
function fieldOf([field, key]: readonly PropertyKey[]): string | null {
  if (field === 'name' || field === 'phone' || field === 'email') return field;
  if (field === 'fieldData' && typeof key === 'string') return `field:${key}`;
  return null;
}

const NO_PAGE = { slug: 'page', fields: [], consent: { textMessaging: false, marketing: false } };
const NO_SLOT = { time: '2000-01-01T00:00', start: '2000-01-01T00:00:00Z' };
