/**
 * What a person answered on their earlier bookings, for the booking form to fill in: the service keeps each
 * booking's answers (`field_data`, spec: the booking object), so every desk finds them. The bookings are found by
 * each of the person's phones and e-mails (GET /v1/bookings filters), and each question's latest answer wins. Kept
 * per person for a booking taken without the service.
 */
import { z } from 'zod';
import type { KnownAnswers } from '../../../common/contract';
import { readPages } from '../api/pages';
import { listBookings, type BookingRecord } from '../api/bookings-api';
import { cacheSlot } from '../cache/read-cache';
import { readThrough } from '../cache/read-through';
import { signedInAccount, type CoreContext } from '../core-context';
import { countryOf } from '../phone/country';
import { toE164 } from '../phone/phones';

/** Bookings read per phone or e-mail, a page at a time (the service lists them oldest first). */
const PAGE = 100;
const MAX_PAGES = 5;

type Lookup = { phone_number: string } | { email_address: string };
type Answers = Omit<KnownAnswers, 'fetchedAt' | 'source'>;

const answersSlot = cacheSlot(
  'a person’s booking answers',
  z.object({
    answers: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
    from: z.string().nullable(),
  }) satisfies z.ZodType<Answers>,
);

async function bookingsBy(deps: CoreContext, lookup: Lookup): Promise<BookingRecord[]> {
  // Every page to the list's end (a server may send fewer than asked: api/pages.ts).
  const read = await readPages((page) => listBookings(deps.service, lookup, page, PAGE), {
    pageSize: PAGE,
    maxPages: PAGE * MAX_PAGES,
    maxItems: PAGE * MAX_PAGES,
  });
  return read.items;
}

const madeAt = (b: BookingRecord) => Date.parse(b.created_at ?? '') || 0;

/** Each question's latest answer over the bookings, oldest applied first (each booking once). */
export function latestAnswers(bookings: readonly BookingRecord[]): Answers {
  const byId = new Map(bookings.map((b) => [b.id, b]));
  const answered = [...byId.values()]
    .filter((b) => b.field_data && Object.keys(b.field_data).length > 0)
    .sort((a, b) => madeAt(a) - madeAt(b) || a.id - b.id);
  const answers: Answers['answers'] = {};
  for (const b of answered)
    for (const [key, value] of Object.entries(b.field_data ?? {})) if (value !== '') answers[key] = value;
  return { answers, from: answered.at(-1)?.created_at ?? null };
}

/** The person's known answers; the saved copy when the service cannot be reached. */
export async function knownAnswers(
  deps: CoreContext,
  args: { phones: string[]; emails: string[] },
): Promise<KnownAnswers> {
  const account = signedInAccount(deps);
  // One person whatever the phone's format: the same kept answers offline for "(312) 555-0143" and "+13125550143".
  const country = await countryOf(deps, account);
  const phones = [...new Set(args.phones.map((p) => toE164(p, country) ?? p.trim()))].sort();
  const emails = [...new Set(args.emails.map((e) => e.toLowerCase()))].sort();
  const lookups: Lookup[] = [...phones.map((p) => ({ phone_number: p })), ...emails.map((e) => ({ email_address: e }))];
  const key = `bookings:answers:${phones.join(',')}|${emails.join(',')}`;
  const read = await readThrough(deps, account, answersSlot, key, async () =>
    latestAnswers((await Promise.all(lookups.map((l) => bookingsBy(deps, l)))).flat()),
  );
  return { ...read.value, fetchedAt: read.fetchedAt, source: read.source };
}
