/** Unsaved appointment forms ("new" or `id:<appointment>`), kept while the app runs and cleared per account. */
import type { AppointmentForm } from './appointment-form';

/** The drafts. */
export const drafts = new Map<string, AppointmentForm>();

/** Forgets every unsaved form (sign-out, another account). */
export function clearDrafts(): void {
  drafts.clear();
}
