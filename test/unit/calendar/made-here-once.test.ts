// @vitest-environment jsdom
/**
 * An appointment made here is shown once: as its change until the service's appointment for it is shown, then as
 * the service's. The store's push of the appointment and the outbox's "sent" come in either order; when the push
 * comes first, the change's block goes with it (it carries the change's id as its external id).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { AgendaItem, StoreChange } from '../../../common/contract';
import { installRecordingBridge } from '../../support/recording-bridge';
import type { useCalendarStore as CalendarStore } from '../../../renderer/stores/calendar-store';

let calendar: typeof CalendarStore;

beforeAll(async () => {
  installRecordingBridge({});
  ({ useCalendarStore: calendar } = await import('../../../renderer/stores/calendar-store'));
  // The schedule shows the day of these appointments, whatever the hour the test runs at (an hour on from 23:00 is
  // tomorrow, outside today's Day view).
  const { dayKey, practiceZone } = await import('../../../renderer/lib/practice-time');
  calendar.setState({ view: 'day', anchor: dayKey(Date.parse(base.start), practiceZone()) });
});

const at = (hours: number) => new Date(Date.now() + hours * 3600_000).toISOString();
const base: AgendaItem = {
  id: 0,
  title: 'Check-up - Grace Hopper',
  start: at(1),
  end: at(1.5),
  calendarName: 'Hygiene',
  location: '',
  people: [{ name: 'Grace Hopper', phone: '', email: '', state: 'initial' }],
  pending: null,
  pendingMark: null,
};
/** The block of a change made here, not yet sent. */
const madeHere: AgendaItem = {
  ...base,
  id: -7,
  externalId: 'op-7',
  pending: { change: 'create', status: 'queued', changeId: 'op-7' },
} as AgendaItem;
const other: AgendaItem = { ...base, id: 500100, title: 'Cleaning - Ada Byron', externalId: null };

const push = (appointments: AgendaItem[]): StoreChange => ({ appointments, removedAppointments: [], bookings: [] });

/** The schedule shows these, as read from the service. */
const showing = (...items: AgendaItem[]) =>
  calendar.setState({ items, source: { source: 'service', fetchedAt: Date.now() } });
/** The ids of what the schedule shows, in order of id. */
const shownIds = () =>
  calendar
    .getState()
    .items.map((i) => i.id)
    .sort((a, b) => a - b);

describe('an appointment made here', () => {
  it('is shown once when the service’s appointment is pushed before the outbox says it was sent', () => {
    showing(madeHere, other);
    calendar.getState().applyStore(push([{ ...base, id: 500612, externalId: 'op-7' }]));
    expect(shownIds()).toEqual([500100, 500612]);
  });

  it('keeps a change made here while the service has no appointment for it', () => {
    showing(madeHere, other);
    calendar.getState().applyStore(push([{ ...other, title: 'Cleaning - Ada Byron (moved)' }]));
    expect(shownIds()).toEqual([-7, 500100]);
  });

  it('is shown once when a poll brings the service’s appointment first', () => {
    showing(madeHere, other);
    calendar.getState().applyChanges(
      {
        items: [{ ...base, id: 500612, externalId: 'op-7' }],
        removedIds: [],
        full: false,
        fetchedAt: Date.now(),
      },
      false,
    );
    expect(shownIds()).toEqual([500100, 500612]);
  });
});
