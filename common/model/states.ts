/**
 * The states screens tell, each set declared once: a change made here on its way to the service, a booking, and a
 * person's answer to their appointment. Core sends these codes (never words); the renderer says each one with the
 * one sentence or word of renderer/lib/words.ts. A booking that went through is "booked"; only a person confirms.
 */

/**
 * A change made on this computer: waiting to be sent (also while offline or between tries), being sent now, stopped
 * until the desk looks at it (refused, held, or the service's answer could not be read), or done (the service has it).
 */
export const CHANGE_STATES = ['queued', 'sending', 'needs_attention', 'done'] as const;
export type ChangeState = (typeof CHANGE_STATES)[number];

/**
 * A booking made through a booking page: booked (the service has the appointment), waiting for the practice's own
 * calendar system to take it (a device-backed page), or failed (not booked; the time is free again).
 */
export const BOOKING_STATES = ['booked', 'pending', 'failed'] as const;
export type BookingState = (typeof BOOKING_STATES)[number];

/** Why a followed booking was not booked: the office system refused it, or the service no longer has it. */
export type BookingFailure = 'refused' | 'gone';

/**
 * A person's answer to their appointment, as the service reads it: not confirmed yet (`initial`), accepted or
 * declined the invitation, reminded, confirmed, or not coming (with or without wanting a new time).
 */
export const CONFIRMATION_STATES = [
  'initial',
  'accepted',
  'declined',
  'reminded',
  'confirmed',
  'not_coming',
  'not_coming_needs_reschedule',
  'not_coming_no_reschedule',
] as const;
export type ConfirmationState = (typeof CONFIRMATION_STATES)[number];

/** Is this one of the confirmation states (the service may send one this app does not know)? */
export function isConfirmationState(state: string): state is ConfirmationState {
  return (CONFIRMATION_STATES as readonly string[]).includes(state);
}

/** The person said they are not coming (whatever they want next). */
export function isNotComing(state: string): boolean {
  return state === 'not_coming' || state === 'not_coming_needs_reschedule' || state === 'not_coming_no_reschedule';
}
