/**
 * The schedule's store on the real core and sandbox (no mocked bridge or fetch): today's appointments in the
 * practice's zone, the last good answer when the network drops, and a check-in made offline that shows at once
 * and reaches the service once the network is back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { useCalendarStore as CalendarStore } from '../../../renderer/stores/calendar-store';
import { admin } from '../../support/auth-fixture';
import { useRendererOnCore } from '../../support/bootstrap';
import { waitFor } from '../../support/wait';

let calendar: typeof CalendarStore;

const run = useRendererOnCore();

beforeAll(async () => {
  // The store reads window.frontdesk when it loads: import it once it exists.
  ({ useCalendarStore: calendar } = await import('../../../renderer/stores/calendar-store'));
}, 30_000);

afterAll(async () => {
  calendar.getState().clear();
});

/** Waits for the load the last action started to end. */
const loaded = () => waitFor(() => (calendar.getState().loading ? null : calendar.getState()));

describe('calendar store', () => {
  it('shows the practice calendars and the day’s appointments from the service', async () => {
    await calendar.getState().loadCalendars();
    const { calendars } = calendar.getState();
    expect(calendars.length).toBeGreaterThan(1);
    expect(calendars.every((c) => c.name.length > 0)).toBe(true);

    await calendar.getState().load();
    const state = await loaded();
    expect(state.error).toBeNull();
    expect(state.source?.source).toBe('service');
    expect(state.items.length, 'the sandbox seeds appointments for today').toBeGreaterThan(0);
    const ids = new Set(calendars.map((c) => c.id));
    for (const item of state.items) {
      expect(item.pending).toBeNull();
      if (item.calendarId != null) expect(ids.has(item.calendarId)).toBe(true);
    }
  });

  it('when the network drops, keeps showing the last good answer and says it is a saved copy', async () => {
    const before = calendar.getState().items.map((i) => i.id);
    await admin(run.sandbox).faults({ offline: true });
    try {
      calendar.getState().move(1);
      await loaded();
      calendar.getState().move(-1);
      const state = await waitFor(() => {
        const s = calendar.getState();
        return !s.loading && s.source?.source === 'cache' ? s : null;
      });
      expect(state.error).toBeNull();
      expect(state.items.map((i) => i.id)).toEqual(before);
    } finally {
      await admin(run.sandbox).clearFaults();
    }
  });

  it('a check-in made offline shows at once as waiting and reaches the service once the network is back', async () => {
    const target = calendar.getState().items.find((i) => i.people.length > 0 && !i.pending);
    expect(target).toBeDefined();
    await admin(run.sandbox).faults({ offline: true });
    const marked = await window.frontdesk!.invoke['calendar:mark']({
      eventId: target!.id,
      state: 'arrived',
      startsAt: target!.start,
    });
    expect(marked.ok).toBe(true);
    await calendar.getState().load();
    const shown = (await loaded()).items.find((i) => i.id === target!.id);
    expect(shown?.pendingMark).toBe('arrived');

    await admin(run.sandbox).clearFaults();
    run.made.core.outbox.wake('online');
    await waitFor(async () => {
      const r = await window.frontdesk!.invoke['outbox:summary']();
      return r.ok && r.value.queued === 0 ? true : null;
    });
    await calendar.getState().load();
    const after = (await loaded()).items.find((i) => i.id === target!.id);
    expect(after?.pendingMark).toBeNull();
    // What the service now says about the people of that appointment.
    expect(after?.people.map((p) => p.checkIn)).toEqual(after?.people.map(() => 'arrived'));
  });
});
