/**
 * "Running late": the patient told the desk they are on the way, not here yet (apart from "Arrived late", the
 * service's `late` check-in). The service has no mark for it, so core keeps it in the appointment's custom data
 * (`RUNNING_LATE_KEY`), where every workstation reads it; a mark waiting to sync is laid over it, and a check-in
 * (arrived, arrived late, no-show) ends it.
 */
import { RUNNING_LATE_KEY, isDeskMark, type AgendaItem } from '../../../common/contract';

/** Is the patient running late (told, not here yet) as this desk now knows it? */
export function isRunningLate(item: Pick<AgendaItem, 'pendingMark' | 'people' | 'customData'>): boolean {
  const mark = item.pendingMark;
  if (mark === 'running_late') return true;
  if (mark === 'not_running_late' || (mark !== null && isCheckIn(mark))) return false;
  if (item.people.some((p) => p.checkIn)) return false;
  return (item.customData ?? []).some((d) => d.key === RUNNING_LATE_KEY);
}

/** A check-in mark of the service (it ends "running late"); the desk's own and confirmation marks are not. */
function isCheckIn(mark: string): boolean {
  return !isDeskMark(mark) && ['arrived', 'ontime', 'late', 'noshow'].includes(mark);
}

/** Can the desk say this patient is running late now (not checked in, not already said)? */
export function canSayRunningLate(item: AgendaItem): boolean {
  return (
    !isRunningLate(item) && !item.people.some((p) => p.checkIn) && !(item.pendingMark && isCheckIn(item.pendingMark))
  );
}
