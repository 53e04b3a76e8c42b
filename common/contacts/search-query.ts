/**
 * What a search box entry means — a name search (`q`), a phone lookup, an e-mail lookup, or everyone — and how it
 * tests a contact: one meaning for core and the page (core's service filters are main/core/contacts/search-query.ts).
 */
import type { CountryCode } from 'libphonenumber-js';
import type { ContactView } from '../contract';
import { hasPhoneCharacters, isEmailAddress } from '../input-rules';
import { foldedName, nameFinds, typedWords, type FoldedName } from './name-match';

/** A classified search. */
export type SearchMeaning =
  | { by: 'all' }
  | { by: 'name'; text: string }
  | { by: 'phone'; typed: string; e164: string | null }
  | { by: 'email'; address: string };

/** The query, trimmed and with runs of spaces collapsed (what is cached under). */
export function tidyQuery(query: string): string {
  return query.trim().replace(/\s+/g, ' ');
}

/** Fewest digits of a whole national number the service can normalise without the app knowing the country. */
const FULL_NUMBER_DIGITS = 10;
/** Fewest digits of a phone number worth parsing as a whole one. */
const PHONE_DIGITS = 7;

/** E.164 for a typed phone number in the account's country, or null (core's main/core/phone/phones.ts `toE164`). */
export type PhoneParser = (typed: string, country: CountryCode | null) => string | null;

/**
 * Whether the words may be a whole phone number, whose meaning needs the phone parser and the account's country
 * (which core holds; the page asks core about these).
 */
export function needsPhoneParse(query: string): boolean {
  const text = tidyQuery(query);
  return !isEmailAddress(text) && hasPhoneCharacters(text) && text.replace(/\D/g, '').length >= PHONE_DIGITS;
}

/**
 * Full e-mail → e-mail lookup; a whole phone number (one that parses, or 10+ digits while the country is still
 * unknown) → phone lookup; a short or partial phone ("555-0120") → a search by its digits, which the service
 * matches inside numbers; anything else → name search.
 */
export function meaningOf(query: string, country: CountryCode | null, toE164: PhoneParser): SearchMeaning {
  const text = tidyQuery(query);
  if (!text) return { by: 'all' };
  if (isEmailAddress(text)) return { by: 'email', address: text.toLowerCase() };
  const digits = text.replace(/\D/g, '');
  if (hasPhoneCharacters(text) && digits.length >= PHONE_DIGITS) {
    const e164 = toE164(text, country);
    if (e164 || (!country && digits.length >= FULL_NUMBER_DIGITS)) return { by: 'phone', typed: text, e164 };
  }
  if (hasPhoneCharacters(text) && digits.length >= 3) return { by: 'name', text: digits };
  return { by: 'name', text };
}

/** Whether a contact the app knows locally (unsynced, or from the cache) matches the search. */
export function matches(meaning: SearchMeaning, c: ContactView): boolean {
  return matcherOf(meaning)(c);
}

/** A contact's e-mails lower-cased and its phones' digits, worked out once for a contact searched many times. */
export interface ContactKeys {
  emails: readonly string[];
  digits: readonly string[];
}

/** The contact's e-mails and phones as a search compares them (contact-index.ts keeps them with the contact). */
export function keysOf(c: ContactView): ContactKeys {
  return {
    emails: c.emails.map((e) => e.address.toLowerCase()),
    digits: c.phones.map((p) => (p.normalized || p.number).replace(/\D/g, '')),
  };
}

/**
 * Whether the service's own search by `q` (lower-cased: a part of the name or an e-mail, or 3+ digits of a phone)
 * finds a contact, given its name lower-cased and its keys; `q`'s digits are worked out once, not per contact.
 */
export function serviceFinder(q: string): (lowerName: string, keys: ContactKeys) => boolean {
  const digits = q.replace(/\D/g, '');
  return (lowerName, keys) =>
    lowerName.includes(q) ||
    keys.emails.some((e) => e.includes(q)) ||
    (digits.length >= 3 && keys.digits.some((d) => d.includes(digits)));
}

/**
 * The search as a test of one contact, its typed words folded once (for a whole address book). A name matches as
 * `name-match.ts` says (no accents or case, a slip forgiven); `folded` is the contact's name folded ahead and `keys`
 * its e-mails and phones, if kept.
 */
export function matcherOf(
  meaning: SearchMeaning,
): (c: ContactView, folded?: FoldedName, keys?: ContactKeys) => boolean {
  switch (meaning.by) {
    case 'all':
      return () => true;
    case 'email':
      return (c) => c.emails.some((e) => e.address.toLowerCase() === meaning.address);
    case 'phone': {
      const digits = meaning.typed.replace(/\D/g, '');
      return (c) =>
        c.phones.some((p) => (meaning.e164 && p.normalized === meaning.e164) || p.number.replace(/\D/g, '') === digits);
    }
    case 'name': {
      const needle = meaning.text.toLowerCase();
      const digits = needle.replace(/\D/g, '');
      const typed = typedWords(meaning.text);
      return (c, folded, keys) => {
        if (nameFinds(typed, folded ?? foldedName(c.name))) return true;
        const { emails, digits: numbers } = keys ?? keysOf(c);
        return (
          emails.some((e) => e.includes(needle)) || (digits.length >= 3 && numbers.some((d) => d.includes(digits)))
        );
      };
    }
  }
}
