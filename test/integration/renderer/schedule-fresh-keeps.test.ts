/**
 * A fresh read of the shown range (the service back, a range read again) puts in place only the appointments that
 * changed: every other one stays the same object, so the grid renders again only the changed one's block (its blocks
 * are memoised on the appointment). Counted on the real core and sandbox: appointments replaced by the read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as CalendarStore from '../../../renderer/stores/calendar-store';
import { useRendererOnCore } from '../../support/bootstrap';
import { waitFor } from '../../support/wait';

let calendar: typeof CalendarStore;
const run = useRendererOnCore('owner@frontdesk.test');

beforeAll(async () => {
  await run.made.core.prefetch.stop();
  calendar = await import('../../../renderer/stores/calendar-store');
}, 30_000);

afterAll(() => calendar.useCalendarStore.getState().clear());

const loaded = () =>
  waitFor(() => (calendar.useCalendarStore.getState().loading ? null : calendar.useCalendarStore.getState()));

describe('a fresh read of the shown range', () => {
  it('replaces the one appointment changed at the service and keeps every other as it was', async () => {
    const store = calendar.useCalendarStore;
    store.setState({ view: 'week' });
    await store.getState().open();
    let shown = await loaded();
    // A week with appointments (the seeded ones are spread around today).
    for (let i = 0; i < 4 && shown.items.filter((i) => i.id > 0).length < 3; i++) {
      store.getState().move(1);
      shown = await loaded();
    }
    const before = shown.items.filter((i) => i.id > 0);
    expect(before.length).toBeGreaterThanOrEqual(3);
    const changed = before[1]!;
    const owner = run.sandbox.users.find((u) => u.email === 'owner@frontdesk.test')!;
    const res = await fetch(`${run.sandbox.url}/v1/events`, {
      method: 'PUT',
      headers: {
        authorization: `Basic ${Buffer.from(`${owner.email}:${owner.apiKey}`).toString('base64')}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ events: [{ id: changed.id, title: 'Read again - Ida Fresh' }] }),
    });
    expect(res.status).toBe(200);
    await store.getState().load();
    const after = await loaded();
    expect(after.items.find((i) => i.id === changed.id)?.title).toBe('Read again - Ida Fresh');
    const replaced = after.items.filter((i) => i.id > 0 && !before.includes(i));
    expect(replaced.map((i) => i.id)).toEqual([changed.id]);
  });
});
