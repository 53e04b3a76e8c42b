/** The spec's scope-to-endpoint map: the single list the API registers from and tests walk. */
import type { Scope } from '../context';

/** HTTP methods used by /v1 routes. */
export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One row of the scope map. */
export interface ScopeRow {
  method: ApiMethod;
  path: string;
  scope: Scope;
}

/** Every scope-gated /v1 route and the scope a bearer token needs for it (spec, "Scope-to-endpoint map"). */
export const SCOPE_MAP: readonly ScopeRow[] = [
  { method: 'GET', path: '/v1/calendars', scope: 'calendars:read' },
  { method: 'GET', path: '/v1/address_books', scope: 'address_books:read' },
  { method: 'GET', path: '/v1/contact', scope: 'contacts:read' },
  { method: 'GET', path: '/v1/contacts', scope: 'contacts:read' },
  { method: 'POST', path: '/v1/contacts', scope: 'contacts:write' },
  { method: 'PUT', path: '/v1/contacts', scope: 'contacts:write' },
  { method: 'DELETE', path: '/v1/contacts', scope: 'contacts:write' },
  { method: 'GET', path: '/v1/event', scope: 'events:read' },
  { method: 'GET', path: '/v1/events', scope: 'events:read' },
  { method: 'POST', path: '/v1/events', scope: 'events:write' },
  { method: 'PUT', path: '/v1/events', scope: 'events:write' },
  { method: 'DELETE', path: '/v1/events', scope: 'events:write' },
  { method: 'POST', path: '/v1/event/mark', scope: 'events:write' },
  { method: 'GET', path: '/v1/availability', scope: 'bookings:read' },
  { method: 'GET', path: '/v1/bookings', scope: 'bookings:read' },
  { method: 'GET', path: '/v1/booking_pages', scope: 'bookings:read' },
  { method: 'POST', path: '/v1/book_now', scope: 'bookings:write' },
  { method: 'GET', path: '/v1/import', scope: 'imports:read' },
  { method: 'POST', path: '/v1/import', scope: 'imports:write' },
  { method: 'GET', path: '/v1/lists', scope: 'lists:read' },
  { method: 'POST', path: '/v1/lists', scope: 'lists:write' },
  { method: 'PUT', path: '/v1/lists', scope: 'lists:write' },
  { method: 'DELETE', path: '/v1/lists', scope: 'lists:write' },
  { method: 'GET', path: '/v1/conversations', scope: 'messaging:read' },
  { method: 'GET', path: '/v1/conversation_messages', scope: 'messaging:read' },
  { method: 'POST', path: '/v1/start_conversation', scope: 'messaging:send' },
  { method: 'POST', path: '/v1/conversation_reply', scope: 'messaging:send' },
];

/** Every route the domain API registers (all of them are scope-gated; /v1/userinfo is the platform's). */
export const API_ROUTES: ReadonlyArray<{ method: ApiMethod; path: string }> = SCOPE_MAP.map(({ method, path }) => ({
  method,
  path,
}));

/** The scope a route needs, or undefined when the route is not in the map. */
export function scopeFor(method: string, path: string): Scope | undefined {
  return SCOPE_MAP.find((r) => r.method === method && r.path === path)?.scope;
}
