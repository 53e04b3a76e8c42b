/** Unsaved appointment forms ("new" or `id:<appointment>`), kept while the app runs and cleared per account. */

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

/** The drafts. */
export const drafts = new Map<string, AppointmentForm>();

/** Forgets every unsaved form (sign-out, another account). */
export function clearDrafts(): void {
  drafts.clear();
}
