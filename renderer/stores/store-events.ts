/**
 * Core's store pushes what changed (`store:changed`): one listener hands each screen's store the records it shows.
 * The schedule puts changed appointments in place and lets removed ones go; the Bookings screen puts each booking at
 * its appointment's time and state. Nothing is read again.
 */
import { onStoreChange } from '../lib/store-changes';
import { useBookingsListStore } from './bookings-list-store';
import { useCalendarStore } from './calendar-store';

/** Follows core's store; call once at start-up. */
export function wireStoreEvents(): () => void {
  return onStoreChange((change) => {
    useCalendarStore.getState().applyStore(change);
    useBookingsListStore.getState().applyStore(change);
  });
}
