/** Offline, the free times shown are the ones saved earlier: says when they were read, and that they may have gone. */
import type { SlotView } from '../../../common/contract';
import { timeInZone } from '../../lib/practice-time';

/** "Free times as of 10:42 AM — not confirmed until sent." when the times come from the saved copy; else nothing. */
export function SavedTimesNote({ slots, zone }: { slots: readonly SlotView[] | null; zone: string }) {
  const asOf = slots?.find((s) => s.asOf !== undefined)?.asOf;
  if (asOf === undefined) return null;
  return (
    <p className="notice notice-info" data-testid="saved-times">
      Offline: free times as of {timeInZone(asOf, zone)} — not confirmed until sent. If a time has gone meanwhile,
      Frontdesk offers the nearest free ones.
    </p>
  );
}
