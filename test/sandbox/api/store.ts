/** The in-memory domain store: per-account data, id sequences, and lazy settling of imports. */
import type { SandboxContext, User } from '../context';
import { countryForZone } from './phones';
import type { AccountData, Contact, EventRec } from './types';

const ID_BASES = {
  calendar: 1_001,
  addressBook: 2_001,
  bookingPage: 3_001,
  list: 4_001,
  import: 6_001,
  contact: 100_001,
  event: 500_001,
  conversation: 800_001,
  participant: 900_001,
  message: 1_200_001,
  booking: 7_000_001,
} as const;
/** Kinds of records with their own id sequence. */
export type IdKind = keyof typeof ID_BASES;

/** Global id sequences (ids never repeat across accounts, so a foreign id is simply "not found"). */
export class Ids {
  private readonly seq = new Map<IdKind, number>();
  /** Next id of `kind`. */
  next(kind: IdKind): number {
    const n = this.seq.get(kind) ?? ID_BASES[kind];
    this.seq.set(kind, n + 1);
    return n;
  }
}

/** An account with no records yet (used for users outside the seed). */
export function emptyAccount(user: User): AccountData {
  return {
    userId: user.id,
    username: user.email,
    timeZone: user.timeZone,
    country: countryForZone(user.timeZone),
    calendars: [],
    addressBooks: [],
    contacts: new Map(),
    events: new Map(),
    bookingPages: [],
    bookings: [],
    lists: new Map(),
    imports: new Map(),
    conversations: new Map(),
    roundRobin: new Map(),
  };
}

/** Holds every account's data; `reset` swaps in a fresh seed. */
export class Store {
  ids = new Ids();
  readonly accounts = new Map<number, AccountData>();
  /** How many of the next device-backed bookings, per account user id, the office system refuses when they settle. */
  readonly deviceRefusals = new Map<number, number>();

  constructor(private readonly ctx: SandboxContext) {}

  /** The data of the account `user` acts on (created empty on first use). */
  account(user: User): AccountData {
    let acc = this.accounts.get(user.id);
    if (!acc) {
      acc = emptyAccount(user);
      this.accounts.set(user.id, acc);
    }
    return acc;
  }

  /**
   * Applies imports whose finish time has passed (so results appear only once `finished`), and removes the event of
   * a device-backed booking the office system refused once it has settled (the slot is free again).
   */
  settle(acc: AccountData): void {
    const now = this.ctx.now().getTime();
    for (const imp of acc.imports.values()) {
      if (imp.apply && now >= imp.finishAt) {
        const apply = imp.apply;
        imp.apply = null;
        apply();
        imp.updatedAt = imp.finishAt;
      }
    }
    for (const b of acc.bookings) {
      if (!b.deviceRefuses || b.eventId === null || now - b.createdAt < this.ctx.options.deviceSettleMs) continue;
      const ev = acc.events.get(b.eventId);
      if (ev && !ev.isDeleted) Object.assign(ev, { isDeleted: true, updatedAt: now });
    }
  }

  /** Takes one of the account's queued office-system refusals, if any (for a device-backed booking being made). */
  takeDeviceRefusal(acc: AccountData): boolean {
    const left = this.deviceRefusals.get(acc.userId) ?? 0;
    if (left <= 0) return false;
    this.deviceRefusals.set(acc.userId, left - 1);
    return true;
  }
}

/** Live (not deleted) event with this external id, if any. */
export function liveEventByExternalId(acc: AccountData, externalId: string): EventRec | undefined {
  for (const ev of acc.events.values()) if (!ev.isDeleted && ev.externalId === externalId) return ev;
  return undefined;
}

/**
 * Contacts by external id, one index per account (a reset makes new accounts, so a new index). A contact is filed under
 * each external id it has had, by `putContact` and `refileContact`; a lookup checks what it finds against the contact
 * as it is now, so a contact deleted or given another id since is passed over. Contacts enter an account only through
 * `putContact` (test/unit/sandbox/contact-index.test.ts).
 */
const contactFiles = new WeakMap<AccountData, Map<string, Contact[]>>();

function filesOf(acc: AccountData): Map<string, Contact[]> {
  let files = contactFiles.get(acc);
  if (!files) {
    files = new Map();
    contactFiles.set(acc, files);
  }
  return files;
}

/** Files `contact` under its external id now, if it has one and is not filed there yet. */
export function refileContact(acc: AccountData, contact: Contact): void {
  if (contact.externalId === null) return;
  const files = filesOf(acc);
  const filed = files.get(contact.externalId);
  if (!filed) files.set(contact.externalId, [contact]);
  else if (!filed.includes(contact)) filed.push(contact);
}

/** Adds (or puts back) a contact in its account, filed by its external id. */
export function putContact(acc: AccountData, contact: Contact): void {
  acc.contacts.set(contact.id, contact);
  refileContact(acc, contact);
}

/**
 * Live contact with this external id (optionally within one address book), if any: of several, the one added first
 * (the lowest id, as ids grow in the order contacts are added).
 */
export function liveContactByExternalId(
  acc: AccountData,
  externalId: string,
  addressBookId?: number,
): Contact | undefined {
  const filed = filesOf(acc).get(externalId);
  if (!filed) return undefined;
  let found: Contact | undefined;
  let moved = false;
  for (const c of filed) {
    if (c.externalId !== externalId || acc.contacts.get(c.id) !== c) {
      moved = true;
      continue;
    }
    if (c.isDeleted) continue;
    if (addressBookId !== undefined && c.addressBookId !== addressBookId) continue;
    if (!found || c.id < found.id) found = c;
  }
  // Contacts given another id (or taken out) since they were filed here leave this file.
  if (moved) {
    const still = filed.filter((c) => c.externalId === externalId && acc.contacts.get(c.id) === c);
    if (still.length > 0) filesOf(acc).set(externalId, still);
    else filesOf(acc).delete(externalId);
  }
  return found;
}
