/** Contacts as the Contacts screen and the finder show them, and what the contact forms send. */
import { z } from 'zod';
import { emailAddress, phoneNumber } from '../input-rules';
import type { BookingSummary } from './bookings';
import type { AgendaItem } from './calendar';
import type { ChangeState } from './states';

/** One phone number of a contact. */
export interface ContactPhone {
  /** As it was typed. */
  number: string;
  /** E.164 when known ('' for a number the service has not normalised yet). */
  normalized: string;
  /** How to show it: national format for the account's country, international otherwise. */
  display: string;
  type: string | null;
  primary: boolean;
}

/** One e-mail address of a contact. */
export interface ContactEmail {
  address: string;
  type: string | null;
  primary: boolean;
}

/** A change to this contact made here that the service has not confirmed yet. */
export interface ContactPending {
  /** The outbox change (the latest one when there are several). */
  opId: string;
  change: 'create' | 'update' | 'delete';
  status: Exclude<ChangeState, 'done'>;
  /** Why it has not gone through, in the service's words when it gave any. */
  error: string | null;
  requiredScope: string | null;
}

/** A contact as the Contacts screen shows it, with its unsynced changes applied. */
export interface ContactView {
  /** Stable list key: `id:<service id>`, or `op:<outbox id>` for a contact not yet on the service. */
  key: string;
  /** The service's id; null until a new contact has reached the service. */
  id: number | null;
  externalId: string | null;
  addressBookId: number | null;
  name: string;
  firstName: string;
  lastName: string;
  phones: ContactPhone[];
  emails: ContactEmail[];
  /** The service says the contact is deleted. */
  deleted: boolean;
  pending: ContactPending | null;
}

/** Matches of a search and when they were read from the service. */
export interface ContactList {
  query: string;
  items: ContactView[];
  /** More contacts match than are shown: the user should refine the search. */
  more: boolean;
  /** Epoch ms when the service gave this answer. */
  fetchedAt: number;
  /** 'cache': the service could not be reached and this is the last good answer; 'unavailable': nothing was ever read for this search, only contacts added or changed here are shown. */
  source: 'service' | 'cache' | 'unavailable';
  /**
   * The service's first page of matches only, told as soon as it came (a search asked `soonest`): the whole answer
   * follows as `store:changed` (`contacts`), or, should the rest not come, this stays the answer shown.
   */
  partial?: true;
}

/** One contact and when it was read. */
export interface ContactDetail {
  contact: ContactView;
  fetchedAt: number;
  source: 'service' | 'cache';
}

/** An address book contacts can be added to. */
export interface AddressBookView {
  id: number;
  name: string;
  /** The phone types this book accepts ("mobile", "home", …). */
  phoneTypes: string[];
  /** Where a new contact goes when none is chosen. */
  isDefault: boolean;
}

/** A contact's next appointment, for the finder's results. */
export interface NextAppointment {
  /** The contact's list key. */
  key: string;
  /** `zone`: the one its times are told in (its calendar's), as AgendaItem.zone. */
  next: { id: number; title: string; start: string; calendarName: string; zone?: string | null } | null;
}

/** A contact's appointments (by their phones and e-mails) and bookings. */
export interface ContactHistory {
  /** Soonest first. */
  upcoming: AgendaItem[];
  /** Latest first. */
  past: AgendaItem[];
  /** Latest first. */
  bookings: BookingSummary[];
  fetchedAt: number;
  source: 'service' | 'cache';
}

const contactPhoneIn = z
  .object({
    number: phoneNumber,
    type: z.string().trim().min(1).max(40).optional(),
  })
  .strict();
const contactEmailIn = z.object({ address: emailAddress, type: z.string().trim().min(1).max(40).optional() }).strict();
const contactFields = {
  name: z.string().trim().max(200, 'Keep the name under 200 characters.').optional(),
  firstName: z.string().trim().max(100, 'Keep the first name under 100 characters.').optional(),
  lastName: z.string().trim().max(100, 'Keep the last name under 100 characters.').optional(),
  phones: z.array(contactPhoneIn).max(10),
  emails: z.array(contactEmailIn).max(10),
};
export const contactRefFields = {
  id: z.number().int().positive().optional(),
  /** A contact not yet on the service is named by its outbox id here. */
  externalId: z.string().trim().min(1).max(200).optional(),
  addressBookId: z.number().int().positive().optional(),
};
export const hasRef = (r: { id?: number | undefined; externalId?: string | undefined }) =>
  r.id !== undefined || r.externalId !== undefined;
export const contactRef = z.object(contactRefFields).strict().refine(hasRef, 'id or externalId is required');
export const contactInput = z
  .object({ ...contactFields, addressBookId: contactRefFields.addressBookId })
  .strict()
  .refine((c) => Boolean(c.name || c.firstName || c.lastName), {
    message: 'Enter the contact’s name.',
    path: ['name'],
  });
/** What the New contact form sends. */
export type ContactInput = z.input<typeof contactInput>;
export const contactChanges = z
  .object({ ...contactFields, phones: contactFields.phones.optional(), emails: contactFields.emails.optional() })
  .strict()
  .refine((c) => Object.values(c).some((v) => v !== undefined), 'nothing to change');
/** Only the fields the Edit form changed (lists are replaced whole). */
export type ContactChanges = z.input<typeof contactChanges>;
export const contactSearch = z
  .object({ query: z.string().max(200), addressBookId: contactRefFields.addressBookId })
  .strict();
/** A search: name words, a phone number or an e-mail address ('' lists everyone). */
export type ContactSearch = z.input<typeof contactSearch>;

/**
 * A phone's text-message consent, from the service's consent lists (or learnt here). `allowed`: on no opt-out list
 * (and on an opt-in list when the practice texts only those who opted in); `stopped`: on an opt-out list or the
 * stoplist, asked here, or a text to it was refused; `not_opted_in`: the practice texts only those who opted in, and
 * this number did not; `unknown`: the lists were never read on this computer.
 */
export interface TextConsent {
  state: 'allowed' | 'stopped' | 'not_opted_in' | 'unknown';
  /** Why stopped: "Stop texting" here, the practice's opt-out list, a STOP reply (the stoplist), a text refused. */
  via: 'asked_here' | 'opt_out' | 'stoplist' | 'text_refused' | null;
  /** When it was stopped, when known (epoch ms). */
  since: number | null;
  /** The "Stop texting" change not yet on the service (its outbox item), while it waits. */
  waiting: { id: string; status: ChangeState } | null;
}

/** The consent of each phone asked about, and where the lists came from. */
export interface ConsentAnswer {
  /** By each phone as it was asked. */
  phones: Record<string, TextConsent>;
  /** 'cache': the lists as last read (offline); null: never read here. */
  source: 'service' | 'cache' | null;
  fetchedAt: number | null;
  /** Why the lists are not known: not read (offline before they ever were), or no permission to read them. */
  unknownWhy: 'not_read' | 'no_permission' | null;
}
