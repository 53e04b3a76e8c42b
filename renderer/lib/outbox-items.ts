/**
 * The outbox's item events reach the renderer through one bridge listener and one router: each store says which
 * items concern it (its route) and is handed those alone. The Outbox lists every item; the schedule follows
 * appointment changes and the bookings that make appointments; the booking form follows bookings; contacts follow
 * contact changes; the texts follow texts. No store filters by kind itself.
 */
import type { OutboxItem } from '../../common/contract';
import { frontdesk } from './frontdesk';

/** Which items each route is handed. */
const ROUTES = {
  /** Every item (the Outbox screen). */
  outbox: () => true,
  /** Appointment changes, and bookings (a booking makes an appointment). */
  schedule: (item: OutboxItem) => item.kind.startsWith('event.') || item.kind === 'booking.book_now',
  /** Bookings made from the booking form. */
  bookings: (item: OutboxItem) => item.kind === 'booking.book_now',
  /** Contact changes. */
  contacts: (item: OutboxItem) => item.kind.startsWith('contact.'),
  /** Texts started or answered here. */
  texts: (item: OutboxItem) => item.kind.startsWith('message.'),
  /** "Stop texting" changes, and texts refused (a refusal may say the patient opted out). */
  /** The waitlist's entries, offers and the answers to them. */
  waitlist: (item: OutboxItem) => item.kind.startsWith('waitlist.'),
  consent: (item: OutboxItem) =>
    item.kind === 'list.add' || (item.kind.startsWith('message.') && item.status === 'needs_attention'),
} satisfies Record<string, (item: OutboxItem) => boolean>;

/** A store's route: the items it is handed. */
export type OutboxRoute = keyof typeof ROUTES;

const takers = new Map<(item: OutboxItem) => void, OutboxRoute>();
let off: (() => void) | null = null;

/** The routes an item is handed to (exported for the router's test). */
export function routesOf(item: OutboxItem): OutboxRoute[] {
  return (Object.keys(ROUTES) as OutboxRoute[]).filter((route) => ROUTES[route](item));
}

/** Hands `take` every outbox item event of `route` from now on; returns the stop. */
export function onOutboxItem(route: OutboxRoute, take: (item: OutboxItem) => void): () => void {
  takers.set(take, route);
  off ??= frontdesk.on['outbox:item']((item) => {
    const routes = new Set(routesOf(item));
    for (const [t, r] of [...takers]) if (routes.has(r)) t(item);
  });
  return () => {
    takers.delete(take);
    if (takers.size > 0) return;
    off?.();
    off = null;
  };
}
