/** `app:*` handlers: install facts, connectivity, the log folder, printing and the theme chosen. */
import { z } from 'zod';
import { THEME_CHOICES, type AppInfo, type ThemeChoice } from '../../../common/contract';
import type { ConnectivityMonitor } from '../connectivity';
import type { KeyValueStore } from '../platform';
import type { DomainHandlers } from './dispatch';
import { fail, ok } from './result';

/** The settings key of the theme chosen on this computer (electron-store; `conf` in the browser host). */
const THEME_KEY = 'ui:theme';
const themeSchema = z.enum(THEME_CHOICES);

/** The theme kept in the settings; 'system' when none was chosen or what is kept does not read as one. */
export function keptTheme(settings: KeyValueStore): ThemeChoice {
  const kept = themeSchema.safeParse(settings.get(THEME_KEY));
  return kept.success ? kept.data : 'system';
}

/** Builds the app handlers. */
export function appHandlers(deps: {
  info: AppInfo;
  connectivity: ConnectivityMonitor;
  /** This computer's settings (the theme chosen is kept there). */
  settings: KeyValueStore;
  openLogFolder?: () => Promise<void>;
  printWindow?: () => Promise<{ printed: boolean }>;
  /** The window's own parts follow the theme chosen (Electron); told the kept theme at start and each choice. */
  applyTheme?: (theme: ThemeChoice) => void;
  /** The page painted its first screen (screen-first.ts: the read-ahead waits for it no longer). */
  firstScreenShown?: () => void;
}) {
  deps.applyTheme?.(keptTheme(deps.settings));
  return {
    'app:info': async () => ok(deps.info),
    'app:connectivity': async () => ok(deps.connectivity.current()),
    'app:check-connectivity': async () => ok(await deps.connectivity.check()),
    'app:open-log-folder': async () => {
      if (!deps.openLogFolder)
        return fail('validation', 'This version cannot open folders; the log folder is named in About.');
      try {
        await deps.openLogFolder();
        return ok(null);
      } catch {
        return fail('internal', 'The log folder could not be opened.');
      }
    },
    'app:theme': async () => ok(keptTheme(deps.settings)),
    'app:first-screen': async () => {
      deps.firstScreenShown?.();
      return ok(null);
    },
    'app:set-theme': async ({ theme }) => {
      if (theme === 'system') deps.settings.delete(THEME_KEY);
      else deps.settings.set(THEME_KEY, theme);
      const kept = keptTheme(deps.settings);
      deps.applyTheme?.(kept);
      return ok(kept);
    },
    'app:print': async () => {
      if (!deps.printWindow) return fail('validation', 'This version prints from the page itself.');
      try {
        return ok(await deps.printWindow());
      } catch {
        return fail('internal', 'The day sheet could not be printed. Check the printer and try again.');
      }
    },
  } satisfies DomainHandlers<'app'>;
}
