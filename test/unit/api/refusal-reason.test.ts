/**
 * The one reader of the service's English (main/core/api/refusal-reason.ts): a refusal of an appointment change
 * becomes a code the screens word, and the IPC error of a refused appointment write carries it.
 */
import { describe, expect, it } from 'vitest';
import { isAppointmentEndpoint, refusalReason } from '../../../main/core/api/refusal-reason';

const permanent = (serviceMessage: string, status = 400) => ({ kind: 'permanent', status, serviceMessage });

describe('refusal reasons', () => {
  it('names an appointment cancelled elsewhere and a move to another calendar', () => {
    expect(refusalReason(permanent('events[0]: event 7 is deleted'), 'appointment')).toBe('appointment_gone');
    expect(refusalReason(permanent('event 7 not found', 404), 'appointment')).toBe('appointment_gone');
    expect(refusalReason(permanent('', 404), 'appointment')).toBe('appointment_gone');
    expect(
      refusalReason(permanent('events[0]: moving an event between calendars is not supported'), 'appointment'),
    ).toBe('calendar_move');
  });

  it('says nothing where only the service’s words can tell, or the refusal is not about an appointment', () => {
    expect(refusalReason(permanent('events[0].end_time is before start_time'), 'appointment')).toBeNull();
    expect(refusalReason(permanent('contact 7 not found', 404), 'other')).toBeNull();
    expect(refusalReason({ kind: 'retryable', status: 503, serviceMessage: 'not found' }, 'appointment')).toBeNull();
  });

  it('knows the appointment endpoints', () => {
    for (const e of ['PUT /v1/events', 'POST /v1/events', 'DELETE /v1/events', 'GET /v1/event', 'POST /v1/event/mark'])
      expect(isAppointmentEndpoint(e), e).toBe(true);
    for (const e of ['POST /v1/contacts', 'POST /v1/book_now', 'GET /v1/eventsx', 'GET /v1/calendars'])
      expect(isAppointmentEndpoint(e), e).toBe(false);
  });
});
