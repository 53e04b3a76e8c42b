/** A booking refused because its time went meanwhile: the nearest free times with the same provider, in one click. */
import { useEffect } from 'react';
import type { OutboxItem } from '../../../common/contract';
import { dateTimeLabelled } from '../../lib/practice-time';
import { useBookingStore } from '../../stores/booking-store';

/** Nothing until the service says which times are free nearby; nothing when the booking's own time is still free. */
export function NearestTimes({
  item,
  zone,
  providerName,
}: {
  item: OutboxItem;
  zone: string;
  providerName: string | null;
}) {
  const slots = useBookingStore((s) => (s.nearest?.id === item.id ? s.nearest.slots : null));
  const submitting = useBookingStore((s) => s.submitting);
  useEffect(() => {
    void useBookingStore.getState().loadNearest(item.id);
  }, [item.id]);
  if (!slots || slots.length === 0) return null;
  return (
    <div className="nearest-times" data-testid="nearest-times">
      <p>
        That time was taken meanwhile. The nearest free times{providerName ? ` with ${providerName}` : ''} — choose one
        to book it instead:
      </p>
      <div className="button-row">
        {slots.map((slot) => (
          <button
            key={slot.start}
            type="button"
            className="secondary-button"
            disabled={submitting}
            onClick={() => void useBookingStore.getState().bookNearest(slot)}
          >
            Book {dateTimeLabelled(slot.start, zone)}
          </button>
        ))}
      </div>
    </div>
  );
}
