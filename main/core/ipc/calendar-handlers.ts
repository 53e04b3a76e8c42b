/** `calendar:*` handlers: appointments of a range (fresh, cached, or what changed), calendars, and writes. */
import type { CalendarService } from '../calendar/calendar-service';
import type { DomainHandlers } from './dispatch';
import { serviceResult } from './service-errors';

/** Builds the calendar handlers. */
export function calendarHandlers(deps: { calendar: CalendarService }) {
  const c = deps.calendar;
  return {
    'calendar:range': ({ begin, end }) => serviceResult(() => c.range(begin, end)),
    'calendar:cached': ({ begin, end }) => serviceResult(() => c.cached(begin, end)),
    'calendar:mark': ({ eventId, state, startsAt, who }) => serviceResult(() => c.mark(eventId, state, startsAt, who)),
    'calendar:calendars': () => serviceResult(() => c.calendars()),
    'calendar:changes': (args) => serviceResult(() => c.changes(args)),
    'calendar:event': ({ id }) => serviceResult(() => c.appointment(id)),
    'calendar:create': (input) => serviceResult(() => c.create(input)),
    'calendar:update': (args) => serviceResult(() => c.update(args)),
    'calendar:cancel': (args) => serviceResult(() => c.cancel(args)),
    'calendar:withdraw': ({ id }) => serviceResult(() => c.withdraw(id)),
  } satisfies DomainHandlers<'calendar'>;
}
