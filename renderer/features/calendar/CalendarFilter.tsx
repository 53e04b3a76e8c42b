/** Which calendars (providers, rooms) are shown, each with its colour: a "Calendars" button opening the checkboxes. */
import { Button, Dialog, DialogTrigger, Popover } from 'react-aria-components';
import type { CalendarInfo } from '../../../common/contract';
import { useCalendarStore } from '../../stores/calendar-store';

/** The filter: the button says how many are shown; its popover has one checkbox per calendar. */
export function CalendarFilter({ calendars }: { calendars: CalendarInfo[] }) {
  const hidden = useCalendarStore((s) => s.hidden);
  const toggle = useCalendarStore.getState().toggleCalendar;
  if (calendars.length === 0) return null;
  const shown = calendars.filter((c) => !hidden.includes(c.id)).length;
  return (
    <DialogTrigger>
      <Button className="bar-button" data-testid="calendar-filter-button">
        Calendars{shown < calendars.length ? ` (${shown} of ${calendars.length})` : ''} ▾
      </Button>
      <Popover className="menu-popover" placement="bottom end">
        <Dialog className="filter-dialog" aria-label="Calendars shown">
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
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}
