/**
 * What core's one store of the practice sends when it changes (`store:changed`): the records that changed, as every
 * screen shows them (changes made here laid over them), and the ids that went. Screens keep no copy of their own:
 * they put these records in place of the ones they show.
 */
import type { ErrorCode } from '../result';
import type { BookingSummary } from './bookings';
import type { Agenda, AgendaItem } from './calendar';
import type { KeptChange } from '../contacts/kept-wire';
import type { ContactList } from './contacts';
import type { ThreadSummary } from './messages';

/**
 * A booking's appointment as the store knows it now: its time (moved here or elsewhere) and whether it still
 * stands. `changing`: a move or edit made here is on its way; `cancelling`: a cancellation made here is on its way;
 * `cancelled`: the service no longer has the appointment.
 */
export interface LinkedAppointment {
  id: number;
  start: string;
  end: string;
  state: 'standing' | 'changing' | 'cancelling' | 'cancelled';
}

/**
 * The custom-data key an appointment made again by Undo (after its cancellation was sent) carries: the id of the
 * appointment it stands for. The service cannot restore a cancelled appointment, and a booking keeps naming the one
 * it made; with this key every desk's store sends that booking's screens to the appointment made again.
 */
export const RESTORES_KEY = 'frontdesk_restores';

/** How many appointments one made again names (Undo of an Undo…): enough for any desk's day, bounded for the service. */
const RESTORES_KEPT = 8;

/**
 * The ids a `RESTORES_KEY` value names, newest first: the one it was made again for, then the ones that one stood
 * for (an Undo of an appointment that Undo had made again). Another desk then learns the whole chain from the
 * appointment alone, though the ones between are gone at the service. Anything else in the value names nothing.
 */
export function restoredIds(value: unknown, self?: number): number[] {
  if (typeof value !== 'string' || !/^\d{1,15}(,\d{1,15})*$/.test(value)) return [];
  return [...new Set(value.split(',').map(Number))].filter((id) => id > 0 && id !== self).slice(0, RESTORES_KEPT);
}

/** The `RESTORES_KEY` value of an appointment made again for `id`, whose own value was `previous` (if any). */
export function restoresValue(id: number, previous?: string): string {
  return [id, ...restoredIds(previous, id)].slice(0, RESTORES_KEPT).join(',');
}

/** One change of the store, for the signed-in account. */
export interface StoreChange {
  /** Appointments new or changed, with the changes made here laid over them. */
  appointments: AgendaItem[];
  /** Appointments the service no longer has. */
  removedAppointments: number[];
  /** Bookings new or changed (a booking changes with its appointment). */
  bookings: BookingSummary[];
  /** The fresh answer to a read that was answered at once with the saved one (`savedFirst`). */
  fresh?: FreshRead;
  /** The text threads as they stand after a change (a text read, sent or waiting here); nothing read again. */
  threads?: { threads: ThreadSummary[]; unreadTotal: number };
  /** A recent contact search as it stands after a contact change made here (nothing read again). */
  contacts?: ContactList & { addressBookId: number | null };
  /** What changed among the contacts core keeps, for the page's copy of them (once it asked `contacts:kept-list`). */
  keptContacts?: KeptChange;
}

/**
 * A read asked with `savedFirst: true` answers in one call with the saved answer when there is one; the fresh answer
 * follows here, named by the read's arguments, so the screen that asked puts it in place without asking again.
 */
export type FreshRead =
  | { of: 'calendar:range'; begin: string; end: string; answer: ToldAnswer<Agenda> }
  | { of: 'contacts:search'; query: string; addressBookId: number | null; answer: ToldAnswer<ContactList> };

/** An answer told in an event: its value, or why it failed (the error's code as `kind`, its plain words). */
export type ToldAnswer<T> = { ok: true; value: T } | { ok: false; kind: ErrorCode; message: string };
