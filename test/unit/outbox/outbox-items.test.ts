/**
 * Core's view of a queued change carries facts, not sentences: whom it is about, the mark, the appointment's time
 * and the zone it is told in, and a refusal's meaning as a code (the renderer words them: renderer/lib/words.ts).
 */
import { describe, expect, it, vi } from 'vitest';
import { changeFacts, toItem } from '../../../main/core/outbox/outbox-items';
import type { OpView } from '../../../main/core/outbox/types';

const at = Date.UTC(2026, 10, 23, 16, 15);
const facts = (kind: OpView['kind'], payload: Record<string, unknown>) => changeFacts({ kind, payload });
const NONE = { who: '', title: '', appointmentType: '', mark: '', text: '' };

/** Only the fields toItem reads; the rest of an op is the outbox's business. */
const op = (over: Record<string, unknown> = {}) =>
  ({
    id: 'op-1',
    kind: 'event.mark',
    payload: { id: 7, state: 'arrived', who: 'Maria Garcia' },
    status: 'queued',
    attempts: 0,
    nextAttemptAt: null,
    createdAt: at,
    appointmentAt: at,
    timePassed: false,
    lastError: null,
    result: null,
    ...over,
  }) as unknown as OpView;

describe('outbox items as facts', () => {
  it('says whom a change is about and what it sets, with no words and no ids', () => {
    expect(facts('event.mark', { id: 500424, state: 'noshow', who: 'Nathan Haddad' })).toEqual({
      ...NONE,
      who: 'Nathan Haddad',
      mark: 'noshow',
    });
    expect(facts('event.delete', { id: 500424 })).toEqual(NONE);
    expect(facts('contact.create', { first_name: 'Ada', last_name: 'Lovelace' })).toEqual({
      ...NONE,
      who: 'Ada Lovelace',
    });
    expect(facts('contact.create', { phone: '+13125550100' })).toEqual({ ...NONE, who: '+13125550100' });
    expect(facts('message.reply', { thread_id: 3, content: 'Your room is ready', who: 'Ada' })).toEqual({
      ...NONE,
      who: 'Ada',
      text: 'Your room is ready',
    });
    const booking = {
      page: 'lakeside-dental',
      appointmentType: 'new-patient',
      time: '2026-11-23T10:15',
      startsAt: '2026-11-23T16:15:00Z',
      name: 'Omar Haddad',
      phone: '',
      email: '',
      fieldData: {},
    };
    expect(facts('booking.book_now', booking)).toEqual({ ...NONE, who: 'Omar Haddad', appointmentType: 'new-patient' });
    expect(JSON.stringify(facts('event.mark', { id: 500424, state: 'noshow' }))).not.toMatch(/500424/);
  });

  it('names the zone an op without one is written in (queued before its zone was known), never leaving it unsaid', () => {
    const host = new Intl.DateTimeFormat().resolvedOptions().timeZone;
    const item = toItem(op());
    expect(item.zone).toBe(host);
    expect(item.appointmentAt).toBe(at);
    expect(item.about).toEqual({ ...NONE, who: 'Maria Garcia', mark: 'arrived' });
    expect(toItem(op({ zone: 'America/Denver' })).zone).toBe('America/Denver');
    expect(toItem(op({ appointmentAt: null })).zone).toBeNull();
  });

  it('says what a refusal of an appointment change means as a code, only for appointments', () => {
    const refused = (kind: string, serviceMessage: string, status = 400) =>
      toItem(
        op({
          kind,
          payload: { id: 7, title: 'Cleaning' },
          status: 'needs_attention',
          lastError: { kind: 'permanent', message: 'x', serviceMessage, status, at },
        }),
      ).reason;
    expect(refused('event.update', 'events[0]: event 7 is deleted')).toBe('appointment_gone');
    expect(refused('event.update', 'events[0]: event 7 not found', 404)).toBe('appointment_gone');
    expect(refused('event.update', 'events[0]: moving an event between calendars is not supported')).toBe(
      'calendar_move',
    );
    expect(refused('event.update', 'events[0].end_time is before start_time')).toBeNull();
    expect(refused('contact.update', 'contact 7 not found', 404)).toBeNull();
    expect(toItem(op()).reason).toBeNull();
  });

  it('tells a booking’s state in the app’s own codes (never the service’s)', () => {
    const done = (state: string) =>
      toItem(op({ kind: 'booking.book_now', status: 'done', result: { id: 9, state } })).result?.state;
    expect(done('complete')).toBe('booked');
    expect(done('pending_device_update')).toBe('pending');
    expect(done('failed')).toBe('failed');
  });
});

describe('outbox items in the computer’s zone', () => {
  it('reads the computer’s zone once for a whole list of ops that name none, not once an op', () => {
    const made = vi.spyOn(Intl, 'DateTimeFormat');
    try {
      const items = Array.from({ length: 500 }, (_, i) => toItem(op({ id: `op-${i}`, zone: undefined })));
      expect(new Set(items.map((item) => item.zone)).size).toBe(1);
      expect(made.mock.calls.length).toBeLessThanOrEqual(1);
    } finally {
      made.mockRestore();
    }
  });
});
