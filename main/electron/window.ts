/** Creates the one main window, restoring and remembering its size and position. */
import { app, BrowserWindow, screen } from 'electron';
import type { KeyValueStore } from '../core/platform';
import { APP_ENTRY_URL, DEFAULT_BOUNDS, mainWindowOptions, type WindowBounds } from './window-options';

const BOUNDS_KEY = 'window.bounds';

function restoredBounds(store: KeyValueStore): WindowBounds {
  const saved = store.get(BOUNDS_KEY) as Partial<WindowBounds> | undefined;
  if (!saved || typeof saved.width !== 'number' || typeof saved.height !== 'number') return DEFAULT_BOUNDS;
  const bounds: WindowBounds = {
    width: Math.max(800, saved.width),
    height: Math.max(560, saved.height),
    maximized: saved.maximized === true,
  };
  if (typeof saved.x === 'number' && typeof saved.y === 'number') {
    // Only restore a position that is still on a connected display.
    const visible = screen
      .getAllDisplays()
      .some(
        ({ workArea: a }) =>
          saved.x! >= a.x - 50 && saved.y! >= a.y - 50 && saved.x! < a.x + a.width && saved.y! < a.y + a.height,
      );
    if (visible) Object.assign(bounds, { x: saved.x, y: saved.y });
  }
  return bounds;
}

/** Opens the main window at app://frontdesk. */
export function createMainWindow(preloadPath: string, store: KeyValueStore): BrowserWindow {
  const bounds = restoredBounds(store);
  const win = new BrowserWindow(mainWindowOptions(preloadPath, bounds, app.isPackaged));
  if (bounds.maximized) win.maximize();
  const save = () => {
    if (win.isDestroyed()) return;
    store.set(BOUNDS_KEY, { ...win.getNormalBounds(), maximized: win.isMaximized() });
  };
  win.on('close', save);
  win.on('resized', save);
  win.on('moved', save);
  win.once('ready-to-show', () => win.show());
  void win.loadURL(APP_ENTRY_URL);
  return win;
}
