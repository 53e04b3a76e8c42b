/** The Outbox's lines are sentences for people: no ids, no service codes, the practice's clock. */
import { describe, expect, it } from 'vitest';
import { appointmentTime, summarize, toItem } from '../../../main/core/outbox/outbox-items';
import type { OpView } from '../../../main/core/outbox/types';

const at = Date.UTC(2026, 10, 23, 16, 15);
const line = (kind: Parameters<typeof summarize>[0]['kind'], payload: Record<string, unknown>, appointmentAt = at) =>
  summarize({ kind, payload, appointmentAt }, 'America/Chicago');

describe('outbox summaries', () => {
  it('names who is marked, in plain words, at the practice time', () => {
    expect(line('event.mark', { id: 500424, state: 'noshow', who: 'Nathan Haddad' })).toBe(
      'Mark Nathan Haddad as no-show, Mon 23 Nov 10:15 AM',
    );
    expect(line('event.mark', { id: 500424, state: 'noshow' })).toBe(
      'Mark an appointment as no-show, Mon 23 Nov 10:15 AM',
    );
    for (const state of ['arrived', 'ontime', 'late', 'confirmed', 'cancelled', 'needs_reschedule'])
      expect(line('event.mark', { id: 7, state })).not.toMatch(/#\d|_|ontime|noshow|\b7\b/);
  });

  it('says what a cancellation, an untitled change and a nameless contact deletion do without ids', () => {
    expect(line('event.delete', { id: 500424 })).toBe('Cancel an appointment, Mon 23 Nov 10:15 AM');
    expect(line('event.update', { id: 500424, start_time: '2026-11-23T10:15:00-06:00' })).toMatch(
      /^Change an appointment, /,
    );
    expect(line('contact.delete', { id: 42 }, null as never)).toBe('Delete a contact');
    for (const text of [line('event.delete', { id: 500424 }), line('contact.delete', { id: 42 })])
      expect(text).not.toMatch(/#\d|500424|42/);
  });

  it('shows the time in the zone it is given, whatever zone the host runs in', () => {
    expect(appointmentTime(at, 'America/Denver')).toBe('Mon 23 Nov 9:15 AM');
    expect(appointmentTime(at, 'UTC')).toBe('Mon 23 Nov 4:15 PM');
  });

  it('names the zone an op without one is written in (queued before its zone was known), never leaving it unsaid', () => {
    const op = {
      id: 'op-1',
      kind: 'event.mark',
      payload: { id: 7, state: 'arrived', who: 'Maria Garcia' },
      status: 'queued',
      attempts: 0,
      nextAttemptAt: null,
      createdAt: at,
      appointmentAt: at,
      timePassed: false,
    } as unknown as OpView; // only the fields toItem reads; the rest of an op is the outbox's business
    const host = new Intl.DateTimeFormat().resolvedOptions().timeZone;
    const item = toItem(op);
    expect(item.zone).toBe(host);
    expect(item.summary).toBe(`Mark Maria Garcia as arrived, ${appointmentTime(at, host)}`);
    expect(toItem({ ...op, zone: 'America/Denver' } as OpView).summary).toMatch(/9:15 AM$/);
    expect(toItem({ ...op, appointmentAt: null } as OpView).zone).toBeNull();
  });
});
