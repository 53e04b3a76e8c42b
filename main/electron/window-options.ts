/**
 * The locked-down BrowserWindow settings and the app:// origin, kept free of runtime electron
 * imports so unit tests can assert them.
 */
import type { BrowserWindowConstructorOptions, WebPreferences } from 'electron';

/** Our privileged scheme; the renderer is served from it, never from file://. */
export const APP_SCHEME = 'app';
/** The only origin allowed to call IPC. */
export const APP_ORIGIN = 'app://frontdesk';
/** The page the window loads. */
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`;

/** webPreferences of every Frontdesk window; DevTools only in a development run, never in an installed app. */
export function secureWebPreferences(preloadPath: string, packaged: boolean): WebPreferences {
  return {
    preload: preloadPath,
    sandbox: true,
    contextIsolation: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    navigateOnDragDrop: false,
    spellcheck: true,
    devTools: !packaged,
  };
}

/** Remembered window placement. */
export interface WindowBounds {
  x?: number;
  y?: number;
  width: number;
  height: number;
  maximized?: boolean;
}

/** Default size for a first launch. */
export const DEFAULT_BOUNDS: WindowBounds = { width: 1200, height: 800 };

/** Full constructor options for the main window. */
export function mainWindowOptions(
  preloadPath: string,
  bounds: WindowBounds,
  packaged: boolean,
): BrowserWindowConstructorOptions {
  return {
    ...(bounds.x !== undefined && bounds.y !== undefined ? { x: bounds.x, y: bounds.y } : {}),
    width: bounds.width,
    height: bounds.height,
    minWidth: 800,
    minHeight: 560,
    title: 'Frontdesk',
    show: false,
    backgroundColor: '#f6f7f9',
    webPreferences: secureWebPreferences(preloadPath, packaged),
  };
}
