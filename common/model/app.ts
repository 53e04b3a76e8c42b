/** The app's own facts the renderer shows: connectivity and this install. */

/** Live reachability of the configured service, from a real probe (the OS flag is only a hint). */
export interface Connectivity {
  state: 'online' | 'offline' | 'checking';
  /** Epoch ms of the last completed probe, null before the first. */
  checkedAt: number | null;
  /** Epoch ms since when the service has been unreachable, null when online. */
  offlineSince: number | null;
  /** Plain-words reason for the last failed probe ("No answer from the service"). */
  reason: string | null;
}

/** How the window's colours are chosen: as the computer says (light or dark), or always light, or always dark. */
export const THEME_CHOICES = ['system', 'light', 'dark'] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];

/** Facts about this install, shown on the first screen. */
export interface AppInfo {
  name: string;
  version: string;
  mode: 'electron' | 'browser';
  serviceUrl: string;
  portalUrl: string;
  /** True when Frontdesk runs against the local sandbox stand-in, not a real service. */
  usingSandbox: boolean;
  /** Folder of the log files, for support (null when this host keeps none). */
  logFolder: string | null;
  /** Whether Help → Open log folder can open it (the browser host shows its path instead). */
  canOpenLogFolder: boolean;
  /** Whether `app:print` opens the system print dialog (desktop app); the browser host prints from the page. */
  canPrint: boolean;
}
