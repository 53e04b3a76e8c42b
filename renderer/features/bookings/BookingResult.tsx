/** What became of the booking: booked, waiting to sync, or refused with the service's words. */
import { useEffect, useRef } from 'react';
import type { OutboxItem } from '../../../common/contract';
import { dateTimeInZone, practiceZone, zoneSuffix } from '../../lib/practice-time';
import {
  BOOKING_NOTES,
  BOOKING_WORDS,
  CHANGE_WORDS,
  asSentence,
  bookingFailureWords,
  changeLine,
} from '../../lib/words';
import { useBookingStore, type BookedSummary } from '../../stores/booking-store';
import { NearestTimes } from './NearestTimes';
import { useSettledBooking } from './settle';

/**
 * The provider: once booked, the one the service holds (read back), never the one asked for; until then the one
 * asked for.
 */
function providerWords(booked: BookedSummary, item: OutboxItem): string {
  if (item.status === 'done') return item.result?.calendarName ?? 'Not named by the service';
  return booked.providerName ?? 'The first one free (the service chooses)';
}

/** Provider, type, time (with its zone where it differs from this computer's) and the caller. */
function BookedDetails({ booked, item }: { booked: BookedSummary; item: OutboxItem }) {
  return (
    <dl className="booked-details">
      <dt>Provider</dt>
      <dd>{providerWords(booked, item)}</dd>
      <dt>Type</dt>
      <dd>{booked.typeLabel}</dd>
      <dt>Time</dt>
      <dd>
        {dateTimeInZone(booked.start, booked.zone)}
        {zoneSuffix(booked.zone, booked.start)}
      </dd>
      <dt>Caller</dt>
      <dd>{booked.who}</dd>
    </dl>
  );
}

/** The panel shown after "Book"; it takes the focus so the keyboard and screen reader land on the outcome. */
export function BookingResult({ item }: { item: OutboxItem }) {
  const booked = useBookingStore((s) => s.booked);
  const problem = useBookingStore((s) => s.submitError);
  const { startOver, chooseAnotherTime, discardRefused } = useBookingStore.getState();
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => panel.current?.focus(), []);
  const settled = useSettledBooking(
    item.status === 'done' ? (item.result?.id ?? null) : null,
    item.result?.state ?? 'booked',
  );
  return (
    <div
      ref={panel}
      tabIndex={-1}
      className={`result result-${item.status}`}
      role="status"
      data-testid="booking-result"
      data-status={item.status}
    >
      {item.status === 'done' && settled.state === 'pending' && (
        <p data-testid="booking-settle" data-state="pending">
          <strong>{BOOKING_WORDS.pending.word}.</strong> {BOOKING_NOTES.pending}
        </p>
      )}
      {item.status === 'done' && settled.state === 'booked' && (
        <p data-testid="booking-settle" data-state="booked">
          <strong>{BOOKING_WORDS.booked.word}.</strong>
        </p>
      )}
      {item.status === 'done' && settled.state === 'failed' && (
        <p data-testid="booking-settle" data-state="failed">
          <strong>{BOOKING_WORDS.failed.word}</strong> — {bookingFailureWords(settled.reason)}. The time is free again:
          book another time for this caller.
        </p>
      )}
      {(item.status === 'queued' || item.status === 'sending') && (
        <p>
          <strong>Saved.</strong> Frontdesk will book it as soon as the service answers — it is in the Outbox, marked “
          {CHANGE_WORDS.queued.word}”.
        </p>
      )}
      {item.status === 'needs_attention' && (
        <p>
          <strong>{BOOKING_WORDS.failed.word}.</strong> {asSentence(item.error ?? 'The service refused this booking')}{' '}
          {item.canRetry
            ? 'Frontdesk will try again; it is in the Outbox.'
            : 'Choose another time (everything typed is kept), or discard it.'}
        </p>
      )}
      {problem && <p className="notice notice-error">{problem.message}</p>}
      {booked ? <BookedDetails booked={booked} item={item} /> : <p>{changeLine(item, item.zone ?? practiceZone())}.</p>}
      {item.status === 'needs_attention' && item.kind === 'booking.book_now' && (
        <NearestTimes item={item} zone={booked?.zone ?? practiceZone()} providerName={booked?.providerName ?? null} />
      )}
      <div className="button-row">
        {item.status === 'needs_attention' ? (
          <>
            <button type="button" className="primary-button" onClick={chooseAnotherTime}>
              Choose another time
            </button>
            <button type="button" className="secondary-button" onClick={() => void discardRefused()}>
              Discard
            </button>
          </>
        ) : (
          <button type="button" className="secondary-button" onClick={startOver}>
            Book another appointment
          </button>
        )}
      </div>
    </div>
  );
}
