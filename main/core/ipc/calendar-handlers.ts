/** `calendar:*` handlers: appointments of a range (fresh, cached, or what changed), calendars, and writes. */
import {
  cancelAppointment,
  createAppointment,
  updateAppointment,
  withdrawChange,
} from '../calendar/appointment-writes';
import { calendarList } from '../calendar/calendar-list';
import {
  agendaChanges,
  appointmentDetail,
  cachedAgenda,
  liveAgenda,
  markAppointment,
} from '../calendar/calendar-service';
import type { CoreContext } from '../core-context';
import type { DomainHandlers } from './dispatch';
import { serviceResult } from './service-errors';

/** Builds the calendar handlers. */
export function calendarHandlers(deps: { context: CoreContext }) {
  const c = deps.context;
  return {
    'calendar:range': ({ begin, end }) => serviceResult(() => liveAgenda(c, begin, end)),
    'calendar:cached': ({ begin, end }) => serviceResult(() => cachedAgenda(c, begin, end)),
    'calendar:mark': ({ eventId, state, startsAt, who }) =>
      serviceResult(() => markAppointment(c, eventId, state, startsAt, who)),
    'calendar:calendars': () => serviceResult(() => calendarList(c)),
    'calendar:changes': (args) => serviceResult(() => agendaChanges(c, args)),
    'calendar:event': ({ id }) => serviceResult(() => appointmentDetail(c, id)),
    'calendar:create': (input) => serviceResult(() => createAppointment(c, input)),
    'calendar:update': (args) => serviceResult(() => updateAppointment(c, args)),
    'calendar:cancel': (args) => serviceResult(() => cancelAppointment(c, args)),
    'calendar:withdraw': ({ id }) => serviceResult(() => withdrawChange(c, id)),
  } satisfies DomainHandlers<'calendar'>;
}
