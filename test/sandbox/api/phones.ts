/** Phone and e-mail normalization with libphonenumber-js, using the account's default country. */
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';

/** Default phone country for an account zone (the service normalizes with the user's country). */
const ZONE_COUNTRY: ReadonlyArray<readonly [RegExp, CountryCode]> = [
  [/^America\/(Toronto|Vancouver|Edmonton|Winnipeg|Halifax|St_Johns|Regina)$/, 'CA'],
  [/^America\/(Mexico_City|Tijuana|Monterrey|Cancun)$/, 'MX'],
  [/^(America|US|Pacific\/Honolulu)/, 'US'],
  [/^Europe\/London$/, 'GB'],
  [/^Europe\/Dublin$/, 'IE'],
  [/^Europe\/Berlin$/, 'DE'],
  [/^Europe\/Paris$/, 'FR'],
  [/^Australia\//, 'AU'],
  [/^Pacific\/Auckland$/, 'NZ'],
  [/^Asia\/(Kolkata|Calcutta)$/, 'IN'],
  [/^Asia\/Bangkok$/, 'TH'],
];

/** The default phone country of an account in `zone` (US when unknown). */
export function countryForZone(zone: string): CountryCode {
  for (const [re, country] of ZONE_COUNTRY) if (re.test(zone)) return country;
  return 'US';
}

/** E.164 form of `raw` read with `country` as default, or null when it is not a possible number. */
export function normalizePhone(raw: string, country: CountryCode): string | null {
  if (raw.length > 40 || !/\d/.test(raw)) return null;
  try {
    const parsed = parsePhoneNumberFromString(raw, country);
    return parsed && parsed.isPossible() ? parsed.number : null;
  } catch {
    return null;
  }
}

/** Whether the number is (or may be) a mobile line. */
export function looksMobile(e164: string): boolean {
  try {
    const type = parsePhoneNumberFromString(e164)?.getType();
    return type === 'MOBILE' || type === 'FIXED_LINE_OR_MOBILE' || type === undefined;
  } catch {
    return false;
  }
}

const EMAIL_RE =
  /^[^\s@<>()[\]\\,;:"]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

/** Lower-cased address when `raw` looks like an e-mail address, else null. */
export function normalizeEmail(raw: string): string | null {
  const text = raw.trim();
  return text.length <= 254 && EMAIL_RE.test(text) ? text.toLowerCase() : null;
}
