/** Seeded contacts: real-looking names, E.164 phones in the fictional 555-01xx block, reserved-domain e-mails. */
import { AREA_CODES, DEFAULT_AREA_CODES, EMAIL_DOMAINS, FIRST_NAMES, LAST_NAMES } from './names';
import type { Rng } from './prng';
import type { Ids } from './store';
import { HOUR } from './time';
import type { AddressBook, Contact, PhoneRec } from './types';

const DAY = 24 * HOUR;

/** The i-th seeded phone of an account near `zone`: distinct per i, always a possible US number. */
export function seededPhone(i: number, zone: string): { e164: string; area: string; line: string } {
  const codes = AREA_CODES[zone] ?? DEFAULT_AREA_CODES;
  const area = codes[i % codes.length] ?? '312';
  const line = String(100 + Math.floor(i / codes.length)).padStart(4, '0');
  return { e164: `+1${area}555${line}`, area, line };
}

/** How a person might have typed that number. */
function asEntered(rng: Rng, area: string, line: string): string {
  return rng.pick([
    `(${area}) 555-${line}`,
    `${area}-555-${line}`,
    `+1${area}555${line}`,
    `${area}.555.${line}`,
    `${area}555${line}`,
  ]);
}

function emailFor(rng: Rng, first: string, last: string): string {
  const f = first.toLowerCase().replace(/[^a-z]/g, '');
  const l = last.toLowerCase().replace(/[^a-z]/g, '');
  const local = rng.pick([
    `${f}.${l}`,
    `${f}${l}`,
    `${f[0] ?? 'x'}${l}${rng.int(50, 99)}`,
    `${f}_${l}${rng.int(1, 30)}`,
    `${l}.${f}`,
  ]);
  return `${local}@${rng.pick(EMAIL_DOMAINS)}`;
}

/** Builds `n` contacts spread over `books` by share; returns them in id order. */
export function seedContacts(opts: {
  rng: Rng;
  ids: Ids;
  n: number;
  books: ReadonlyArray<{ book: AddressBook; share: number }>;
  zone: string;
  now: number;
  externalPrefix: string;
  phoneOffset: number;
}): Contact[] {
  const { rng, ids, n, books, zone, now } = opts;
  const out: Contact[] = [];
  for (let i = 0; i < n; i++) {
    const book = rng.weighted(books.map((b) => [b.book, b.share] as const));
    const first = rng.pick(FIRST_NAMES);
    const last = rng.pick(LAST_NAMES);
    const main = seededPhone(opts.phoneOffset + i, zone);
    const phones: PhoneRec[] = [
      {
        number: asEntered(rng, main.area, main.line),
        normalized: main.e164,
        isMobile: true,
        type: 'mobile',
        isPrimary: true,
      },
    ];
    if (rng.chance(0.2)) {
      const other = seededPhone(opts.phoneOffset + n + i, zone);
      const type = rng.pick(book.phoneTypes.filter((t) => t !== 'mobile'));
      phones.push({
        number: asEntered(rng, other.area, other.line),
        normalized: other.e164,
        isMobile: false,
        type,
        isPrimary: false,
      });
    }
    const emails = rng.chance(0.85) ? [{ address: emailFor(rng, first, last), type: 'personal', isPrimary: true }] : [];
    const createdAt = now - rng.int(30, 1500) * DAY - rng.int(0, 23) * HOUR;
    const updatedAt = Math.min(now - HOUR, createdAt + rng.int(0, 400) * DAY);
    out.push({
      id: ids.next('contact'),
      addressBookId: book.id,
      externalId: rng.chance(0.7) ? `${opts.externalPrefix}p${10_000 + i}` : null,
      name: `${first} ${last}`,
      firstName: first,
      lastName: last,
      phones,
      emails,
      customData: { preferred_contact: rng.pick(['sms', 'sms', 'email', 'call']) },
      isDeleted: false,
      createdAt,
      updatedAt,
    });
  }
  return out;
}
