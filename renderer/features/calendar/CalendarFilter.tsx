/**
 * Which calendars (providers, rooms) are shown, each with its colour: a "Calendars" button opening the checkboxes. A
 * plain button, so the schedule's first render has no react-aria; the popover is in the chunk loaded after it.
 */
import type { CalendarInfo } from '../../../common/contract';
import { useCalendarStore } from '../../stores/calendar-store';
import { usePopoverButton } from './later-parts';

/** The filter: the button says how many are shown; its popover has one checkbox per calendar. */
export function CalendarFilter({ calendars }: { calendars: CalendarInfo[] }) {
  const hidden = useCalendarStore((s) => s.hidden);
  const { triggerRef, open, close, button } = usePopoverButton();
  if (calendars.length === 0) return null;
  const shown = calendars.filter((c) => !hidden.includes(c.id)).length;
  return (
    <>
      <button type="button" className="bar-button" data-testid="calendar-filter-button" ref={triggerRef} {...button}>
        Calendars{shown < calendars.length ? ` (${shown} of ${calendars.length})` : ''} ▾
      </button>
      {open && <open.CalendarsPopover triggerRef={triggerRef} onClose={close} calendars={calendars} />}
    </>
  );
}
