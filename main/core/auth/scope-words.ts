/** Scopes in the words a receptionist would use ("see your calendars"). */

const WORDS: Record<string, string> = {
  'calendars:read': 'see your calendars',
  'address_books:read': 'see your address books',
  'contacts:read': 'see your contacts',
  'contacts:write': 'add and change contacts',
  'events:read': 'see appointments',
  'events:write': 'add and change appointments',
  'bookings:read': 'see booking pages, open times and bookings',
  'bookings:write': 'book appointments',
  'imports:read': 'see imports',
  'imports:write': 'import contacts and appointments in bulk',
  'lists:read': 'see opt-in and opt-out lists',
  'lists:write': 'change opt-in and opt-out lists',
  'messaging:read': 'read text and e-mail conversations',
  'messaging:send': 'send text messages and e-mails',
};

/** Plain words for a scope; unknown scopes are named as they are. */
function scopeInWords(scope: string): string {
  return WORDS[scope] ?? `use “${scope}”`;
}

/** "Frontdesk needs permission to book appointments." */
export function needsPermissionMessage(scope: string): string {
  return `Frontdesk needs permission to ${scopeInWords(scope)}.`;
}
