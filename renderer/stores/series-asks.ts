/**
 * What recurring visits ask core: the clash preview of a "Repeat" rule, a new series, and a change of "this and
 * following" or "all" of one (each write through the outbox, as one unit). Components ask through here.
 */
import type { ArgsIn } from '../../common/contract';
import { frontdesk } from '../lib/frontdesk';

/** The series' asks. */
export const seriesAsks = {
  preview: (args: ArgsIn<'calendar:series-preview'>) => frontdesk.invoke['calendar:series-preview'](args),
  create: (args: ArgsIn<'calendar:series-create'>) => frontdesk.invoke['calendar:series-create'](args),
  change: (args: ArgsIn<'calendar:series-change'>) => frontdesk.invoke['calendar:series-change'](args),
};
