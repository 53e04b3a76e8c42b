/** The app itself: facts, connectivity, the log folder, printing. */
import { z } from 'zod';
import { THEME_CHOICES, type AppInfo, type Connectivity, type ThemeChoice } from '../model/app';
import { event, invoke, noArgs } from './declare';

/** The app invoke channels. */
export const appInvoke = {
  'app:info': invoke<AppInfo>()(noArgs),
  'app:connectivity': invoke<Connectivity>()(noArgs),
  'app:check-connectivity': invoke<Connectivity>()(noArgs),
  /** Opens the log folder in the file manager (desktop app only). */
  'app:open-log-folder': invoke<null>()(noArgs),
  /** Opens the system print dialog for the window (desktop app only): the day sheet. `printed` false when cancelled. */
  'app:print': invoke<{ printed: boolean }>()(noArgs),
  /** The theme chosen on this computer ('system' until one is chosen), kept in its settings across restarts. */
  'app:theme': invoke<ThemeChoice>()(noArgs),
  /** Keeps the theme chosen (System, Light or Dark); answers it. */
  'app:set-theme': invoke<ThemeChoice>()(z.object({ theme: z.enum(THEME_CHOICES) }).strict()),
  /**
   * The page painted its first screen: the reads that wait for it (the read-ahead for offline work) may go now rather
   * than after a guessed quiet time. Saying it again, or from another window, only lets them go sooner.
   */
  'app:first-screen': invoke<null>()(noArgs),
} as const;

/** The app events. */
export const appEvents = {
  'connectivity:changed': event<Connectivity>(),
  /** Browser host only: main asks the page to open a vetted URL in a new tab. */
  'shell:open-url': event<{ url: string }>(),
} as const;
