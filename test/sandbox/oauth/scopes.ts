/** Parsing of the space-delimited `scope` parameter against an app's declared scopes. */
import { SCOPES, type Scope } from '../context';

/** Umbrella scope from the documented basic flow: every scope the app declares. */
const UMBRELLA_SCOPE = 'api';

/** Result of parsing a scope parameter. */
export type ScopeParse = { ok: true; scopes: Scope[] } | { ok: false; description: string };

/** Plain-words description of each scope for the consent page. */
export const SCOPE_WORDS: Record<Scope, string> = {
  'calendars:read': 'See your calendars',
  'address_books:read': 'See your address books',
  'contacts:read': 'See your contacts',
  'contacts:write': 'Create, change and delete your contacts',
  'events:read': 'See your appointments',
  'events:write': 'Create, change, delete and mark your appointments',
  'bookings:read': 'See your booking pages, availability and bookings',
  'bookings:write': 'Book appointments through your booking pages',
  'imports:read': 'See your data imports',
  'imports:write': 'Bulk-import contacts and appointments into your account',
  'lists:read': 'See your opt-in and opt-out lists',
  'lists:write': 'Change your opt-in and opt-out lists',
  'messaging:read': 'Read your text and e-mail conversations',
  'messaging:send': 'Send text messages and e-mails in your name (billed, reaches your clients)',
};

/** Scopes the consent page flags as high impact. */
export const HIGH_IMPACT: ReadonlySet<Scope> = new Set<Scope>(['messaging:send', 'imports:write']);

function isScope(s: string): s is Scope {
  return (SCOPES as readonly string[]).includes(s);
}

/**
 * Parses `raw` (already form-decoded, so `+`/`%20` are spaces). Every token must be a known scope
 * within `allowed`, or `api` (= all of `allowed`). Result is deduplicated, in SCOPES order.
 */
export function parseScope(
  raw: string,
  allowed: readonly Scope[],
  notAllowed = 'is not declared by this application',
): ScopeParse {
  const tokens = raw.split(' ').filter((t) => t !== '');
  if (tokens.length === 0) return { ok: false, description: 'scope is empty' };
  const wanted = new Set<Scope>();
  for (const t of tokens) {
    if (t === UMBRELLA_SCOPE) {
      for (const s of allowed) wanted.add(s);
    } else if (!isScope(t)) {
      return { ok: false, description: `unknown scope "${t.slice(0, 64)}"` };
    } else if (!allowed.includes(t)) {
      return { ok: false, description: `scope "${t}" ${notAllowed}` };
    } else {
      wanted.add(t);
    }
  }
  return { ok: true, scopes: SCOPES.filter((s) => wanted.has(s)) };
}
