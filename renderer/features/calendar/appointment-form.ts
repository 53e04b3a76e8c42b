/** The appointment form's values, their checks in plain words, and what they become for the service. */
import type { AgendaItem, AppointmentChanges, AppointmentInput } from '../../../preload/contract';
import { INPUT_WORDS, isEmailAddress, phoneProblem } from '../../../preload/input-rules';
import { dayKey, isoInZone, wallClock, wallTimeToInstant } from '../../lib/practice-time';

/** One person row of the form. */
export interface PersonRow {
  name: string;
  phone: string;
  email: string;
  contactId?: number;
}

/** What the form holds (times as typed: day `yyyy-MM-dd`, `HH:mm`, in the practice's zone). */
export interface AppointmentForm {
  title: string;
  calendarId: string;
  day: string;
  startTime: string;
  endTime: string;
  location: string;
  notes: string;
  people: PersonRow[];
}

/** Problems by field (`people.0.phone` for a person's). */
export type FormErrors = Partial<Record<string, string>>;

/** An empty form for a new appointment (30 minutes from `start`). */
export function blankForm(
  zone: string,
  start: number,
  calendarId: number | null,
  person?: Partial<PersonRow>,
): AppointmentForm {
  return {
    title: '',
    calendarId: calendarId === null ? '' : String(calendarId),
    day: dayKey(start, zone),
    startTime: wallClock(start, zone),
    endTime: wallClock(start + 30 * 60_000, zone),
    location: '',
    notes: '',
    people: person
      ? [
          {
            name: person.name ?? '',
            phone: person.phone ?? '',
            email: person.email ?? '',
            ...(person.contactId ? { contactId: person.contactId } : {}),
          },
        ]
      : [],
  };
}

/** The form of an existing appointment. */
export function formOf(item: AgendaItem, zone: string): AppointmentForm {
  return {
    title: item.title,
    calendarId: item.calendarId ? String(item.calendarId) : '',
    day: dayKey(item.start, zone),
    startTime: wallClock(item.start, zone),
    endTime: wallClock(item.end, zone),
    location: item.location,
    notes: item.notes ?? '',
    people: item.people.map((p) => ({
      name: p.name,
      phone: p.phone,
      email: p.email,
      ...(p.contactId ? { contactId: p.contactId } : {}),
    })),
  };
}

/** Checks the form; an empty object means it can be saved. */
export function validate(form: AppointmentForm, zone: string): FormErrors {
  const errors: FormErrors = {};
  if (!form.title.trim()) errors.title = 'Enter what the appointment is for.';
  else if (form.title.trim().length > 500) errors.title = 'Keep the title under 500 characters.';
  if (!form.calendarId) errors.calendarId = 'Choose a calendar.';
  const start = wallTimeToInstant(form.day, form.startTime, zone);
  const end = wallTimeToInstant(form.day, form.endTime, zone);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(form.day)) errors.day = 'Enter the day.';
  if (start === null) errors.startTime = 'Enter the start time.';
  if (end === null) errors.endTime = 'Enter the end time.';
  else if (start !== null && end <= start) errors.endTime = 'The end must be after the start.';
  if (form.location.length > 1000) errors.location = 'Keep the location under 1,000 characters.';
  if (form.notes.length > 10_000) errors.notes = 'Keep the notes under 10,000 characters.';
  form.people.forEach((p, i) => {
    const phone = p.phone.trim();
    const email = p.email.trim();
    if (!p.name.trim() && !phone && !email && !p.contactId)
      errors[`people.${i}.name`] = 'Enter a name, phone or e-mail, or remove this person.';
    const phoneWrong = phone ? phoneProblem(phone) : null;
    if (phoneWrong) errors[`people.${i}.phone`] = phoneWrong;
    if (email && !isEmailAddress(email)) errors[`people.${i}.email`] = INPUT_WORDS.email;
  });
  return errors;
}

function people(form: AppointmentForm): NonNullable<AppointmentInput['participants']> {
  return form.people.map((p) => ({
    ...(p.name.trim() ? { name: p.name.trim() } : {}),
    ...(p.phone.trim() ? { phone: p.phone.trim() } : {}),
    ...(p.email.trim() ? { email: p.email.trim() } : {}),
    ...(p.contactId ? { contactId: p.contactId } : {}),
  }));
}

const times = (form: AppointmentForm, zone: string) => ({
  start: isoInZone(wallTimeToInstant(form.day, form.startTime, zone)!, zone),
  end: isoInZone(wallTimeToInstant(form.day, form.endTime, zone)!, zone),
});

/** A valid form as a new appointment. */
export function toInput(form: AppointmentForm, zone: string): AppointmentInput {
  return {
    calendarId: Number(form.calendarId),
    title: form.title.trim(),
    ...times(form, zone),
    ...(form.location.trim() ? { location: form.location.trim() } : {}),
    ...(form.notes.trim() ? { notes: form.notes } : {}),
    participants: people(form),
  };
}

/** Only what changed between the appointment and the edited form (null when nothing did). */
export function changesOf(item: AgendaItem, form: AppointmentForm, zone: string): AppointmentChanges | null {
  const before = formOf(item, zone);
  const { start, end } = times(form, zone);
  const changes: AppointmentChanges = {
    ...(form.title.trim() !== before.title ? { title: form.title.trim() } : {}),
    ...(Date.parse(start) !== Date.parse(item.start) || Date.parse(end) !== Date.parse(item.end) ? { start, end } : {}),
    ...(form.location.trim() !== before.location ? { location: form.location.trim() } : {}),
    ...(form.notes !== before.notes ? { notes: form.notes } : {}),
    ...(JSON.stringify(people(form)) !== JSON.stringify(people(before)) ? { participants: people(form) } : {}),
  };
  return Object.keys(changes).length > 0 ? changes : null;
}
