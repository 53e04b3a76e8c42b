/** Which calendars (providers, rooms) are shown, each with its colour. */
import type { CalendarInfo } from '../../../common/contract';
import { useCalendarStore } from '../../stores/calendar-store';

/** The filter: one checkbox per calendar. */
export function CalendarFilter({ calendars }: { calendars: CalendarInfo[] }) {
  const hidden = useCalendarStore((s) => s.hidden);
  const toggle = useCalendarStore.getState().toggleCalendar;
  if (calendars.length === 0) return null;
  return (
    <fieldset className="calendar-filter">
      <legend className="visually-hidden">Calendars shown</legend>
      {calendars.map((c, i) => (
        <label key={c.id} className="filter-chip">
          <input type="checkbox" checked={!hidden.includes(c.id)} onChange={() => toggle(c.id)} />
          <span className={`swatch cal-slot-${i % 8}`} aria-hidden="true" />
          {c.name}
        </label>
      ))}
    </fieldset>
  );
}
