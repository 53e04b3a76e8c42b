/**
 * `outbox:item` is routed once (renderer/lib/outbox-items.ts): one bridge listener, and each store handed only the
 * items of its route — the Outbox every item, the schedule appointment changes and bookings, the booking form
 * bookings, contacts contact changes, the texts texts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { ChangeKind, OutboxItem } from '../../../common/contract';
import { installItemBridge } from '../../support/recording-bridge';
import type * as Routes from '../../../renderer/lib/outbox-items';

let routes: typeof Routes;
let listeners: ((item: OutboxItem) => void)[] = [];

beforeAll(async () => {
  // The bridge's one subscription is counted here; lib/frontdesk.ts reads window.frontdesk when it loads.
  listeners = installItemBridge();
  routes = await import('../../../renderer/lib/outbox-items');
});

const item = (kind: ChangeKind) => ({ id: kind, kind }) as unknown as OutboxItem;

describe('outbox items routed once', () => {
  it('hands each route only its items, through one bridge listener', () => {
    const got: Record<string, string[]> = {};
    const stops = (['outbox', 'schedule', 'bookings', 'contacts', 'texts'] as const).map((route) =>
      routes.onOutboxItem(route, (i) => (got[route] ??= []).push(i.kind)),
    );
    expect(listeners).toHaveLength(1);
    const kinds: ChangeKind[] = ['contact.update', 'event.update', 'event.mark', 'booking.book_now', 'message.reply'];
    for (const kind of kinds) listeners[0]!(item(kind));
    expect(got).toEqual({
      outbox: kinds,
      schedule: ['event.update', 'event.mark', 'booking.book_now'],
      bookings: ['booking.book_now'],
      contacts: ['contact.update'],
      texts: ['message.reply'],
    });
    for (const stop of stops) stop();
    expect(listeners).toHaveLength(0);
  });
});
