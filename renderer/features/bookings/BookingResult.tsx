/** What became of the booking: booked, waiting to sync, or refused with the service's words. */
import type { OutboxItem } from '../../../preload/contract';
import { useBookingStore } from '../../stores/booking-store';

/** The panel shown after "Book". */
export function BookingResult({ item }: { item: OutboxItem }) {
  const { startOver, chooseAnotherTime } = useBookingStore.getState();
  const pending = item.result?.state?.startsWith('pending');
  return (
    <div
      className={`result result-${item.status}`}
      role="status"
      data-testid="booking-result"
      data-status={item.status}
    >
      {item.status === 'done' && (
        <p>
          <strong>Booked.</strong> {item.summary}.{pending ? ' The practice calendar will confirm it in a moment.' : ''}
        </p>
      )}
      {(item.status === 'queued' || item.status === 'sending') && (
        <p>
          <strong>Saved.</strong> {item.summary}. Frontdesk will book it as soon as the service answers — it is in the
          Outbox, marked “Waiting to sync”.
        </p>
      )}
      {item.status === 'needs_attention' && (
        <p>
          <strong>Not booked:</strong> {item.error ?? 'the service refused this booking.'}
        </p>
      )}
      <div className="button-row">
        {item.status === 'needs_attention' && (
          <button type="button" className="primary-button" onClick={chooseAnotherTime}>
            Choose another time
          </button>
        )}
        <button type="button" className="secondary-button" onClick={startOver}>
          Book another appointment
        </button>
      </div>
    </div>
  );
}
