import type { Agenda } from '../../../common/contract';
/** `calendar:*` handlers: appointments of a range (fresh, cached, or what changed), calendars, and writes. */
import type { BookingWatch } from '../bookings/booking-watch';
import type { CalendarService } from '../calendar/calendar-service';
import type { DomainHandlers } from './dispatch';
import { serviceResult } from './result';
import { savedFirst, type SavedFirstDeps } from './saved-first';

/** A range's appointments with the states of the followed bookings that made them. */
const markedBy = <T extends Agenda | null>(watch: BookingWatch, agenda: T, begin: string, end: string): T =>
  agenda && { ...agenda, items: watch.annotate(agenda.items, begin, end) };

/**
 * A range as saved, with no service read: what `calendar:range` with `savedFirst` answers at once (null: nothing
 * saved), and what the first screen a host writes into its page draws (`first-screen.ts`), so both show one day.
 */
export async function savedRange(
  deps: { calendar: CalendarService; settling: BookingWatch },
  begin: string,
  end: string,
): Promise<Agenda | null> {
  return markedBy(deps.settling, await deps.calendar.cached(begin, end), begin, end);
}

/** Builds the calendar handlers; appointments made by followed bookings carry the booking's state. */
export function calendarHandlers(deps: { calendar: CalendarService; settling: BookingWatch } & SavedFirstDeps) {
  const c = deps.calendar;
  const watch = deps.settling;
  return {
    'calendar:range': ({ begin, end, savedFirst: first }) => {
      const fresh = async () => markedBy(watch, await c.range(begin, end), begin, end);
      if (!first) return serviceResult(fresh);
      const saved = () => savedRange(deps, begin, end);
      return savedFirst(deps, saved, fresh, (answer) => ({ of: 'calendar:range', begin, end, answer }));
    },
    'calendar:mark': ({ eventId, state, startsAt, who, undoable }) =>
      serviceResult(() => c.mark(eventId, state, startsAt, who, undoable === true)),
    'calendar:calendars': () => serviceResult(() => c.calendars()),
    'calendar:changes': (args) =>
      serviceResult(async () => watch.annotateChanges(await c.changes(args), args.begin, args.end)),
    'calendar:event': ({ id }) =>
      serviceResult(async () => {
        const refused = watch.refusedCopy(id);
        if (refused) return refused; // the service removed it: what it was, marked "not booked"
        const [item] = watch.annotate([await c.appointment(id)], '', '');
        return item!;
      }),
    'calendar:create': (input) => serviceResult(() => c.create(input)),
    'calendar:update': (args) => serviceResult(() => c.update(args)),
    'calendar:cancel': (args) => serviceResult(() => c.cancel(args)),
    'calendar:move': (args) => serviceResult(() => c.move(args)),
    'calendar:withdraw': ({ id }) => serviceResult(() => c.withdraw(id)),
    'calendar:series-preview': ({ input, rule }) => serviceResult(() => c.series.preview(input, rule)),
    'calendar:series-create': (args) => serviceResult(() => c.series.create(args)),
    'calendar:series-change': (change) => serviceResult(() => c.series.change(change)),
  } satisfies DomainHandlers<'calendar'>;
}
