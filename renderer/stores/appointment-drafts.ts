/**
 * What an unsaved appointment form holds. The forms themselves ("new" or `id:<appointment>`) are kept in the calendar
 * store (`drafts`) while the app runs, and cleared with it per account.
 */

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
