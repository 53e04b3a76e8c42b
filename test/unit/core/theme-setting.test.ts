/**
 * The theme chosen (System, Light, Dark) is kept in this computer's settings (electron-store in the app, `conf` in
 * the browser host), so a new core started over the same settings (a restart) answers it; System is the default,
 * and a kept value that does not read as a theme is System. In Electron the window's own parts (title bar, menus,
 * scroll bars: `nativeTheme`) follow the theme kept at start and each one chosen.
 */
import { describe, expect, it } from 'vitest';
import { appHandlers } from '../../../main/core/ipc/app-handlers';
import type { ConnectivityMonitor } from '../../../main/core/connectivity';
import type { KeyValueStore } from '../../../main/core/platform';
import type { AppInfo, ThemeChoice } from '../../../common/contract';

/** Settings kept in a map, as electron-store keeps them in its file. */
function settings(): KeyValueStore & { kept: Map<string, unknown> } {
  const kept = new Map<string, unknown>();
  return { kept, get: (k) => kept.get(k), set: (k, v) => void kept.set(k, v), delete: (k) => void kept.delete(k) };
}

const start = (store: KeyValueStore, applyTheme?: (theme: ThemeChoice) => void) =>
  appHandlers({
    info: {} as AppInfo,
    connectivity: {} as ConnectivityMonitor,
    settings: store,
    ...(applyTheme ? { applyTheme } : {}),
  });

describe('the theme kept in the settings', () => {
  it('is System until chosen, and what was chosen after a restart', async () => {
    const store = settings();
    expect(await start(store)['app:theme']()).toEqual({ ok: true, value: 'system' });
    expect(await start(store)['app:set-theme']({ theme: 'dark' })).toEqual({ ok: true, value: 'dark' });
    expect(await start(store)['app:theme']()).toEqual({ ok: true, value: 'dark' });
    await start(store)['app:set-theme']({ theme: 'system' });
    expect(store.kept.size).toBe(0);
    expect(await start(store)['app:theme']()).toEqual({ ok: true, value: 'system' });
  });

  it('reads a kept value that is not a theme as System', async () => {
    const store = settings();
    store.set('ui:theme', 'purple');
    expect(await start(store)['app:theme']()).toEqual({ ok: true, value: 'system' });
  });

  it("draws the window's own parts in the theme kept at start and in each one chosen", async () => {
    const store = settings();
    store.set('ui:theme', 'dark');
    const told: ThemeChoice[] = [];
    const handlers = start(store, (theme) => told.push(theme));
    expect(told).toEqual(['dark']);
    await handlers['app:set-theme']({ theme: 'light' });
    await handlers['app:set-theme']({ theme: 'system' });
    expect(told).toEqual(['dark', 'light', 'system']);
  });
});
