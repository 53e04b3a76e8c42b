/**
 * A queued change of a series laid over visits read from a service that left external_id out of its answer (the
 * facts do not show it in an event): each visit is named by the series id and place its custom data carries.
 */
import { describe, expect, it } from 'vitest';
import type { Agenda, AgendaItem } from '../../../common/contract';
import { SERIES_INDEX_KEY, SERIES_KEY, seriesExternalId } from '../../../common/model/series';
import { withSeriesPending } from '../../../main/core/calendar/series-pending';
import type { OpView } from '../../../main/core/outbox';
import { makeOp } from '../outbox/support';

const day = { begin: '2030-01-08T00:00:00Z', end: '2030-01-09T00:00:00Z' };

/** The n-th visit of series `s1` as read without its external id. */
const visit = (n: number, start: string): AgendaItem => ({
  id: 700 + n,
  externalId: null,
  title: 'Cleaning - Nathan Haddad',
  start,
  end: start.replace(':00:00Z', ':30:00Z'),
  calendarId: 1001,
  calendarName: 'Dr. Amelia Hart',
  location: '',
  people: [],
  customData: [
    { key: SERIES_KEY, value: 's1' },
    { key: SERIES_INDEX_KEY, value: String(n) },
  ],
  pending: null,
  pendingMark: null,
});

const moveFollowing = (): OpView => ({
  ...makeOp({
    id: 'op-series',
    seq: 1,
    kind: 'event.series',
    payload: {
      change: 'move',
      steps: [{ put: { external_id: seriesExternalId('s1', 2), start_time: '2030-01-08T14:00:00Z' } }],
    },
  }),
  timePassed: false,
});

describe('a series change over visits read without their external ids', () => {
  it('moves the visit its series id and place name, and leaves the others', () => {
    const agenda: Agenda = {
      items: [visit(1, '2030-01-08T09:00:00Z'), visit(2, '2030-01-08T10:00:00Z')],
      fetchedAt: 1,
      source: 'service',
    };
    const items = withSeriesPending([moveFollowing()], agenda, day.begin, day.end).items;
    expect(items.map((i) => [i.id, i.start, i.pending?.change ?? null])).toEqual([
      [701, '2030-01-08T09:00:00Z', null],
      [702, '2030-01-08T14:00:00Z', 'update'],
    ]);
  });
});
