/** `calendar:*` handlers: appointments of a range, fresh or cached. */
import { cachedAgenda, liveAgenda, type CalendarDeps } from '../calendar/calendar-service';
import type { DomainHandlers } from './dispatch';
import { serviceResult } from './service-errors';

/** Builds the calendar handlers. */
export function calendarHandlers(deps: { calendar: CalendarDeps }) {
  return {
    'calendar:range': ({ begin, end }) => serviceResult(() => liveAgenda(deps.calendar, begin, end)),
    'calendar:cached': ({ begin, end }) => serviceResult(() => cachedAgenda(deps.calendar, begin, end)),
  } satisfies DomainHandlers<'calendar'>;
}
