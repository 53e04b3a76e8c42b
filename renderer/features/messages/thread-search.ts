/**
 * The Messages search: a thread matches by any word of the patient's name, or by its phone number typed in any format
 * ("(312) 555-0120", "312.555.0120", "+1 312 555 0120" all find +13125550120). Three digits are enough to look.
 */

/** What a thread is found by. */
export interface Searchable {
  name: string;
  phone: string | null;
}

import { hasPhoneCharacters } from '../../../common/input-rules';

const digitsOf = (s: string) => s.replace(/\D/g, '');

/** True when the thread matches what was typed (everything matches an empty search). */
export function matchesThread(query: string, thread: Searchable): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  const digits = digitsOf(q);
  if (digits.length >= 3 && hasPhoneCharacters(q)) {
    const phone = digitsOf(thread.phone ?? '');
    // A national number typed without the country code, or with it: either is a run of the stored digits.
    return phone.includes(digits) || (digits.length > 10 && digits.endsWith(phone) && phone.length >= 7);
  }
  const name = thread.name.toLowerCase();
  return q.split(/\s+/).every((word) => name.includes(word));
}
