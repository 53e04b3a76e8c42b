/** The account's country, learned from the phone numbers in the service's answers and kept in the read cache. */
import { isSupportedCountry, type CountryCode } from 'libphonenumber-js';
import type { ServiceContact } from '../api/contact-schema';
import type { CoreContext } from '../core-context';
import { learnCountry } from './phones';
import { z } from 'zod';
import { cacheSlot } from '../cache/read-cache';

const COUNTRY_KEY = 'contacts:country';
const countrySlot = cacheSlot('the account’s country', z.string());

/** The account's country as learned from the service's answers, or null. */
export async function countryOf(deps: Pick<CoreContext, 'cache'>, account: string): Promise<CountryCode | null> {
  const hit = await deps.cache.get(account, countrySlot, COUNTRY_KEY);
  return hit && isSupportedCountry(hit.value) ? hit.value : null;
}

/** Learns the country from `contacts` (kept when it changed); the country now known. */
export function learnCountryFrom(
  deps: Pick<CoreContext, 'cache' | 'clock'>,
  account: string,
  contacts: ServiceContact[],
  known: CountryCode | null,
): Promise<CountryCode | null> {
  return learnCountryFromPhones(
    deps,
    account,
    contacts.flatMap((c) => c.phone_numbers),
    known,
  );
}

/** Learns the country from phone numbers as typed and as the service normalised them (kept when it changed). */
export async function learnCountryFromPhones(
  deps: Pick<CoreContext, 'cache' | 'clock'>,
  account: string,
  phones: { number: string; normalized: string }[],
  known: CountryCode | null,
): Promise<CountryCode | null> {
  const learned = learnCountry(phones);
  if (!learned || learned === known) return known;
  await deps.cache.put(account, countrySlot, COUNTRY_KEY, learned, deps.clock.now());
  return learned;
}
