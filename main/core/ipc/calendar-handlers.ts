/** `calendar:*` handlers: appointments of a range, fresh or cached. */
import { cachedAgenda, liveAgenda, markAppointment, type CalendarDeps } from '../calendar/calendar-service';
import type { Outbox } from '../outbox';
import type { DomainHandlers } from './dispatch';
import { serviceResult } from './service-errors';

/** Builds the calendar handlers. */
export function calendarHandlers(deps: { calendar: CalendarDeps & { outbox(): Outbox } }) {
  return {
    'calendar:range': ({ begin, end }) => serviceResult(() => liveAgenda(deps.calendar, begin, end)),
    'calendar:cached': ({ begin, end }) => serviceResult(() => cachedAgenda(deps.calendar, begin, end)),
    'calendar:mark': ({ eventId, state, startsAt }) =>
      serviceResult(() => markAppointment(deps.calendar, eventId, state, startsAt)),
  } satisfies DomainHandlers<'calendar'>;
}
