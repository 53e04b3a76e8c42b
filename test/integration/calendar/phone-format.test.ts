/**
 * One phone format on the schedule: a number typed with its country code ("+13125550100") reads as the account's
 * own country's numbers do ("(312) 555-0100"), whether the range was read whole, polled for changes, or one
 * appointment read alone; the country is the account's, learnt from the service's answers, not each event's own.
 */
import { describe, expect, it } from 'vitest';
import { call, ownerGet, useBootstrap } from '../../support/bootstrap';

const kit = useBootstrap({ sandbox: { contacts: 40, events: 200 } });

const NATIONAL = /^\(\d{3}\) \d{3}-\d{4}$/;

interface ServiceEvent {
  id: number;
  participants: { phone: string }[];
}

describe('phones on the schedule', () => {
  it('are told in one format, a number typed with its country code too', async () => {
    const now = Date.now();
    const range = {
      begin: new Date(now - 7 * 86_400_000).toISOString(),
      end: new Date(now + 14 * 86_400_000).toISOString(),
    };
    const agenda = await call(kit.made, 'calendar:range', range);
    const phones = agenda.items.flatMap((i) => i.people.map((p) => p.phone)).filter(Boolean);
    expect(phones.length).toBeGreaterThan(20);
    expect(phones.filter((p) => !NATIONAL.test(p))).toEqual([]);

    // The service has numbers typed with their country code among them: each reads the same way alone.
    const typedInternational: number[] = [];
    for (const item of agenda.items.slice(0, 80)) {
      const { body } = await ownerGet<ServiceEvent>(kit.sb, '/v1/event', { id: item.id });
      if (body.participants.length > 0 && body.participants.every((p) => p.phone.startsWith('+')))
        typedInternational.push(item.id);
    }
    expect(typedInternational.length).toBeGreaterThan(0);
    for (const id of typedInternational.slice(0, 3)) {
      const alone = await call(kit.made, 'calendar:event', { id });
      expect(alone.people.map((p) => p.phone).filter((p) => !NATIONAL.test(p))).toEqual([]);
    }
    const changes = await call(kit.made, 'calendar:changes', {
      ...range,
      since: new Date(now - 30 * 86_400_000).toISOString(),
    });
    const polled = changes.items.flatMap((i) => i.people.map((p) => p.phone)).filter(Boolean);
    expect(polled.filter((p) => !NATIONAL.test(p))).toEqual([]);
  });
});
