/** Shows an appointment's details on the schedule (its day, then the panel), from a thread about it. */
import { dayKey, practiceZone } from '../../lib/practice-time';
import { useCalendarStore } from '../../stores/calendar-store';
import { useNavStore } from '../../stores/nav-store';
import { readAppointment } from '../../stores/schedule-asks';

/** Goes to the appointment's day and opens it; resolves with a plain-words problem, or null. */
export async function openAppointment(eventId: number): Promise<string | null> {
  const r = await readAppointment(eventId);
  if (!r.ok) return r.error.message;
  const calendar = useCalendarStore.getState();
  useNavStore.getState().go('calendar');
  calendar.goTo(dayKey(r.value.start, practiceZone()));
  calendar.openDetails(eventId);
  return null;
}
