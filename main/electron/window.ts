/** Creates the one main window, restoring and remembering its size and position. */
import { app, BrowserWindow, screen } from 'electron';
import { z } from 'zod';
import { parseUnknownOrNull } from '../../common/parse-unknown';
import type { KeyValueStore } from '../core/platform';
import { APP_ENTRY_URL, DEFAULT_BOUNDS, mainWindowOptions, type WindowBounds } from './window-options';

const BOUNDS_KEY = 'window.bounds';
/** The bounds as kept in the settings file (a position only when it was known). */
const savedBoundsSchema = z.object({
  width: z.number(),
  height: z.number(),
  x: z.number().optional(),
  y: z.number().optional(),
  maximized: z.boolean().optional(),
});

function restoredBounds(store: KeyValueStore): WindowBounds {
  const saved = parseUnknownOrNull(savedBoundsSchema, store.get(BOUNDS_KEY));
  if (!saved) return DEFAULT_BOUNDS;
  const bounds: WindowBounds = {
    width: Math.max(800, saved.width),
    height: Math.max(560, saved.height),
    maximized: saved.maximized === true,
  };
  const { x, y } = saved;
  if (x !== undefined && y !== undefined) {
    // Only restore a position that is still on a connected display.
    const visible = screen
      .getAllDisplays()
      .some(({ workArea: a }) => x >= a.x - 50 && y >= a.y - 50 && x < a.x + a.width && y < a.y + a.height);
    if (visible) Object.assign(bounds, { x, y });
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
