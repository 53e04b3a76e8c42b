/**
 * Chromium's own data (its HTTP cache, local storage, cookies) in a folder of its own. By default it shares the app's
 * user-data folder with Frontdesk's, where Chromium's `Cache/` and Frontdesk's `cache/` are one folder on a file
 * system that ignores letter case (macOS, Windows): Chromium would clear or fill the folder that holds the encrypted
 * offline copy, and the start-up check of Frontdesk's folders would walk Chromium's files.
 */
import { join } from 'node:path';
import type { App } from 'electron';

/** The folder's name inside the user-data folder. */
const CHROMIUM_FOLDER = 'chromium';

/** Points Chromium's session data at its own folder; called before the app is ready. */
export function keepChromiumApart(app: Pick<App, 'getPath' | 'setPath'>): void {
  app.setPath('sessionData', join(app.getPath('userData'), CHROMIUM_FOLDER));
}
