/**
 * Phone numbers with libphonenumber-js: E.164 where the country is known (an international number, or the account's
 * country learned from the service's own answers); otherwise what the user typed, for the service to normalise.
 */
import { isSupportedCountry, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import type { ContactPhone } from '../../../common/contract';

/** E.164 for `typed`, or null when it cannot be parsed (unknown country, not a possible number). */
export function toE164(typed: string, country: CountryCode | null): string | null {
  const parsed = parsePhoneNumberFromString(typed.trim(), country ?? undefined);
  return parsed?.isPossible() ? parsed.number : null;
}

/** What to send: E.164 when it can be worked out, else the number as typed (whitespace tidied). */
export function normalisePhone(typed: string, country: CountryCode | null): string {
  return toE164(typed, country) ?? typed.trim().replace(/\s+/g, ' ');
}

/** Formatted numbers already worked out (parsing is the costly part of showing 200 search results). */
const shown = new Map<string, string>();
const SHOWN_MAX = 20_000;

/** National format for the account's own country, international for others, as typed when unparseable. */
export function displayPhone(typed: string, normalized: string, country: CountryCode | null): string {
  const key = `${country ?? ''}\n${normalized}\n${typed}`;
  const known = shown.get(key);
  if (known !== undefined) return known;
  const parsed = parsePhoneNumberFromString(normalized || typed.trim(), country ?? undefined);
  const text = !parsed?.isPossible()
    ? typed.trim() || normalized
    : country && parsed.country === country
      ? parsed.formatNational()
      : parsed.formatInternational();
  if (shown.size >= SHOWN_MAX) shown.clear();
  shown.set(key, text);
  return text;
}

/**
 * The account's country as the service reveals it: a number typed without a country code that the service
 * normalised into one tells us which country it assumed. Null until seen.
 */
export function learnCountry(phones: { number: string; normalized: string }[]): CountryCode | null {
  for (const p of phones) {
    if (!p.normalized.startsWith('+') || p.number.trim().startsWith('+')) continue;
    const country = parsePhoneNumberFromString(p.normalized)?.country;
    if (country && isSupportedCountry(country)) return country;
  }
  return null;
}

/** A ContactPhone from a number the app is about to send (pending changes). */
export function pendingPhone(
  number: string,
  type: string | null,
  primary: boolean,
  country: CountryCode | null,
): ContactPhone {
  const normalized = toE164(number, country) ?? '';
  return { number, normalized, display: displayPhone(number, normalized, country), type, primary };
}
