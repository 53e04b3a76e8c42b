/** The consistency run's watchdog: a read of the screens that never ends stops the run with the tabs named. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reviveStalled, StuckTabs, withinOrStuck } from '../../consistency/watchdog';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

it('names the tabs that do not answer once a read has not ended in time', async () => {
  const never = new Promise<string>(() => undefined);
  const probe = vi.fn(async (tab: string) => (tab === 'agenda' ? 'its script is at loop App.js:10' : null));
  const read = withinOrStuck('reading step 3', never, 120_000, ['actor', 'agenda'], probe, globalThis);
  const failed = read.catch((error: unknown) => error);
  await vi.advanceTimersByTimeAsync(119_999);
  expect(probe).not.toHaveBeenCalled();
  await vi.advanceTimersByTimeAsync(1);
  const error = await failed;
  expect(error).toBeInstanceOf(StuckTabs);
  expect((error as Error).message).toBe(
    'reading step 3 did not end in time; tabs not answering: agenda (its script is at loop App.js:10)',
  );
});

it('gives the read back when it ends in time, and leaves no timer behind', async () => {
  const probe = vi.fn(async () => 'never asked');
  const read = withinOrStuck('reading', Promise.resolve('read'), 120_000, ['actor'], probe, globalThis);
  await expect(read).resolves.toBe('read');
  expect(vi.getTimerCount()).toBe(0);
  expect(probe).not.toHaveBeenCalled();
});

describe('reviveStalled', () => {
  it('reloads only the tabs that draw no frame, and says whether each draws again', async () => {
    const drawing = new Map([
      ['actor', true],
      ['agenda', false],
      ['sheet', false],
    ]);
    const reload = vi.fn(async (tab: string) => {
      if (tab === 'agenda') drawing.set(tab, true); // a reload gives the tab a new page to draw
    });
    const stalls = await reviveStalled([...drawing.keys()], async (tab) => drawing.get(tab)!, reload);
    expect(reload.mock.calls.map(([tab]) => tab)).toEqual(['agenda', 'sheet']);
    expect(stalls).toEqual([
      { tab: 'agenda', revived: true },
      { tab: 'sheet', revived: false },
    ]);
  });

  it('reloads nothing while every tab draws', async () => {
    const reload = vi.fn(async () => undefined);
    await expect(reviveStalled(['actor', 'agenda'], async () => true, reload)).resolves.toEqual([]);
    expect(reload).not.toHaveBeenCalled();
  });

  it('reports a reload that failed as not revived, without throwing', async () => {
    const stalls = await reviveStalled(
      ['agenda'],
      async () => false,
      async () => Promise.reject(new Error('closed')),
    );
    expect(stalls).toEqual([{ tab: 'agenda', revived: false }]);
  });
});
