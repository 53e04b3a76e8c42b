/** Deterministic seed of every account from options.seed and the current day (ctx.now()). */
import type { SandboxContext, SandboxOptions, User } from '../context';
import { Rng } from './prng';
import { seedBookings, seedConversations, seedLists } from './seed-extras';
import { seedEvents } from './seed-events';
import { seedContacts } from './seed-people';
import { DENTAL, SALON, type Profile } from './seed-profiles';
import { emptyAccount, putContact, type Store } from './store';
import { dayStart, HOUR } from './time';
import type { AddressBook, BookingPage, Calendar } from './types';

const DAY = 24 * HOUR;
const PHONE_TYPES = {
  apptoto: ['mobile', 'home', 'work', 'other'],
  google: ['mobile', 'home', 'work', 'main', 'other', 'fax'],
};

/** URL-prefix form of an account name: "Lakeside Dental" → "lakeside-dental". */
function slug(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'practice'
  );
}

function clampCount(n: number): number {
  return Number.isFinite(n) ? Math.max(0, Math.min(200_000, Math.trunc(n))) : 0;
}

/** Seeds one account from a profile. */
function seedAccount(store: Store, user: User, profile: Profile, options: SandboxOptions, now: number): void {
  const { ids } = store;
  const rng = new Rng(options.seed * 7919 + user.id);
  const acc = emptyAccount(user);
  store.accounts.set(user.id, acc);
  const created = now - 400 * DAY;
  const calendars: Calendar[] = profile.calendars.map((s) => ({
    id: ids.next('calendar'),
    name: s.name,
    description: s.description,
    color: s.color,
    timeZone: s.zone ?? user.timeZone,
    source: s.source,
    createdAt: created,
    updatedAt: created,
  }));
  const books: AddressBook[] = profile.books.map((b) => ({
    id: ids.next('addressBook'),
    name: b.name,
    type: b.type,
    phoneTypes: [...PHONE_TYPES[b.type]],
    createdAt: created,
    updatedAt: created,
  }));
  acc.calendars.push(...calendars);
  acc.addressBooks.push(...books);
  const contacts = seedContacts({
    rng,
    ids,
    n: clampCount(profile.contacts ?? options.contacts),
    zone: user.timeZone,
    now,
    externalPrefix: profile.externalPrefix,
    phoneOffset: 0,
    books: profile.books.flatMap((b, i) => (books[i] ? [{ book: books[i], share: b.share }] : [])),
  });
  for (const c of contacts) putContact(acc, c);
  const events = seedEvents({
    rng,
    ids,
    n: clampCount(profile.events ?? options.events),
    now,
    accountName: user.accountName,
    externalPrefix: profile.externalPrefix,
    calendars: profile.calendars.flatMap((spec, i) => (calendars[i] ? [{ cal: calendars[i], spec }] : [])),
    contacts,
    visits: profile.visits,
    blockers: profile.blockers,
  });
  for (const e of events) acc.events.set(e.id, e);
  acc.bookingPages.push(
    ...profile.pages.map((s): BookingPage => ({
      id: ids.next('bookingPage'),
      token: slug(user.accountName) + s.tokenSuffix,
      name: s.name,
      description: s.description,
      timeZone: s.zone ?? user.timeZone,
      addressBookId: books[s.addressBook]?.id ?? 0,
      remoteDevice: s.remoteDevice,
      appointmentTypes: s.types.map(({ calendars: idx, ...t }) => ({
        ...t,
        calendarIds: idx.flatMap((i) => (calendars[i] ? [calendars[i].id] : [])),
      })),
      hours: s.hours.map((d) => d.map((w) => ({ ...w }))),
      minNoticeMinutes: s.minNoticeMinutes,
      maxDaysAhead: s.maxDaysAhead,
      freeWhen: s.freeWhen,
      assignment: s.assignment,
      fields: s.fields.map((f) => ({ ...f })),
      consent: { ...s.consent },
      location: user.accountName,
      createdAt: created,
      updatedAt: created,
    })),
  );
  if (profile.withExtras) {
    seedBookings(acc, rng, ids);
    seedConversations(acc, rng, ids, now, user.accountName);
    seedLists(acc, ids, now);
  }
}

/** Replaces all domain data: the owner-like user gets the rich practice, other unlinked users a small one. */
export function seedAll(store: Store, ctx: SandboxContext): void {
  const now = ctx.now().getTime();
  const targets = [...ctx.users].filter((u) => u.apiTargetId === null).sort((a, b) => a.id - b.id);
  const rich = targets.find((u) => u.email.startsWith('owner@')) ?? targets[0];
  // Everything is relative to the start of today in the account's zone, so a seed replays all day long.
  for (const user of targets)
    seedAccount(store, user, user === rich ? DENTAL : SALON, ctx.options, dayStart(now, user.timeZone));
}
