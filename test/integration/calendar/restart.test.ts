/**
 * Changes made from the schedule survive a restart: queued offline, the app closed, opened again (still offline) —
 * the range shows them as waiting at once; back online they reach the service once each.
 */
import { expect, it } from 'vitest';
import { call, goOffline, goOnline, ownerGet, useBootstrap, waitForOp } from '../../support/bootstrap';

const kit = useBootstrap({ sandbox: { contacts: 20, events: 200 } });

it('shows queued schedule changes after a restart and sends each once when the service is back', async () => {
  const first = kit.made;
  const range = {
    begin: new Date(Date.now() - 86_400_000).toISOString(),
    end: new Date(Date.now() + 6 * 86_400_000).toISOString(),
  };
  const agenda = await call(first, 'calendar:range', range);
  const victim = agenda.items.find((i) => i.id > 0)!;
  await goOffline(kit.sb, first);
  const start = Math.ceil(Date.now() / 3600_000) * 3600_000 + 2 * 86_400_000;
  const created = await call(first, 'calendar:create', {
    calendarId: 1001,
    title: 'Survives a restart',
    start: new Date(start).toISOString(),
    end: new Date(start + 1800_000).toISOString(),
  });
  const cancelled = await call(first, 'calendar:cancel', { id: victim.id, startsAt: victim.start });
  const second = await kit.restart();
  const shown = await call(second, 'calendar:range', range);
  expect(shown.source).toBe('cache');
  expect(shown.items.find((i) => i.pending?.changeId === created.id)?.title).toBe('Survives a restart');
  expect(shown.items.find((i) => i.id === victim.id)?.pending).toMatchObject({ change: 'delete' });

  await goOnline(kit.sb, second);
  const done = await waitForOp(second, created.id);
  await waitForOp(second, cancelled.id);
  const { body } = await ownerGet<{ events: { id: number; title: string }[] }>(kit.sb, '/v1/events', {
    begin: range.begin,
    end: range.end,
    page_size: 500,
  });
  expect(body.events.filter((e) => e.title === 'Survives a restart').map((e) => e.id)).toEqual([done.result!.id]);
  expect(body.events.some((e) => e.id === victim.id)).toBe(false);
});
