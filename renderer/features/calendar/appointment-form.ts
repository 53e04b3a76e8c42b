/** The appointment form's values, their checks in plain words, and what they become for the service. */
import {
  invokeChannels,
  type AgendaItem,
  type AppointmentChanges,
  type AppointmentInput,
} from '../../../common/contract';
import { fieldErrors, type FieldErrors } from '../../lib/form-issues';
import { dayKey, isoInZone, wallClock, wallTimeToInstant } from '../../lib/practice-time';
import type { AppointmentForm, PersonRow } from '../../stores/appointment-drafts';

/** Problems by field (`people.0.phone` for a person's). */
export type FormErrors = FieldErrors;

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

/**
 * The form with a new start and the end moved with it, so the length stays (changing the end changes the length).
 * A start or end not yet a time, or a length that would run past midnight, leaves the end as it is.
 */
export function withStart(form: AppointmentForm, startTime: string, zone: string): Partial<AppointmentForm> {
  const start = wallTimeToInstant(form.day, form.startTime, zone);
  const end = wallTimeToInstant(form.day, form.endTime, zone);
  const next = wallTimeToInstant(form.day, startTime, zone);
  if (start === null || end === null || next === null || end <= start) return { startTime };
  const moved = next + (end - start);
  return dayKey(moved, zone) === form.day ? { startTime, endTime: wallClock(moved, zone) } : { startTime };
}

/**
 * Checks the form; an empty object means it can be saved. The contract's own schema for a new appointment decides
 * (the one main parses `calendar:create` with, and an edited appointment must still be a whole one); the form itself
 * checks only what the schema cannot see: a day and times typed so that they are not times yet, and that an
 * appointment made here has a length (main also takes a zero-length one, as a drag of such an appointment sends).
 */
export function validate(form: AppointmentForm, zone: string): FormErrors {
  const start = wallTimeToInstant(form.day, form.startTime, zone);
  const end = wallTimeToInstant(form.day, form.endTime, zone);
  const own: FormErrors = {};
  if (!/^\d{4}-\d{2}-\d{2}$/.test(form.day)) own.day = 'Enter the day.';
  if (start === null) own.startTime = 'Enter the start time.';
  if (end === null) own.endTime = 'Enter the end time.';
  else if (start !== null && end <= start) own.endTime = 'The end must be after the start.';
  // Times that are not times yet are left to the form's own words: the schema sees a sound stand-in for them.
  const at = start !== null && end !== null ? { start, end } : { start: 0, end: 0 };
  const contract = fieldErrors(invokeChannels['calendar:create'].args, toInput(form, zone, at), fieldOf);
  return { ...contract, ...own };
}

/** The form's field for a path of the contract's appointment (`people.0.phone` for a person's). */
function fieldOf([field, index, part]: readonly PropertyKey[]): string | null {
  if (field === 'participants') {
    return typeof index === 'number' ? `people.${index}.${typeof part === 'string' ? part : 'name'}` : null;
  }
  if (field === 'start') return 'startTime';
  if (field === 'end') return 'endTime';
  return typeof field === 'string' && SAME_NAME.has(field) ? field : null;
}
/** Fields named alike in the form and the contract (an empty calendar choice is sent as 0, which it refuses). */
const SAME_NAME: ReadonlySet<string> = new Set(['title', 'calendarId', 'location', 'notes']);

function people(form: AppointmentForm): NonNullable<AppointmentInput['participants']> {
  return form.people.map((p) => ({
    ...(p.name.trim() ? { name: p.name.trim() } : {}),
    ...(p.phone.trim() ? { phone: p.phone.trim() } : {}),
    ...(p.email.trim() ? { email: p.email.trim() } : {}),
    ...(p.contactId ? { contactId: p.contactId } : {}),
  }));
}

/** The form's start and end as instants (a valid form's). */
const instants = (form: AppointmentForm, zone: string) => ({
  start: wallTimeToInstant(form.day, form.startTime, zone)!,
  end: wallTimeToInstant(form.day, form.endTime, zone)!,
});

const times = (form: AppointmentForm, zone: string, at = instants(form, zone)) => ({
  start: isoInZone(at.start, zone),
  end: isoInZone(at.end, zone),
});

/** A valid form as a new appointment (`at`: its start and end, when already known). */
export function toInput(form: AppointmentForm, zone: string, at?: { start: number; end: number }): AppointmentInput {
  return {
    calendarId: Number(form.calendarId),
    title: form.title.trim(),
    ...times(form, zone, at),
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
