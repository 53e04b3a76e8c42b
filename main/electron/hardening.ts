/**
 * App-wide guards for every web contents: no navigation away from the app, no new windows,
 * no webviews, and no permissions (camera, microphone, location, …) for the page but clipboard writes and desktop
 * notifications ("Booking confirmed"), and those only for our own page.
 */
import { app, session, shell } from 'electron';
import { vetExternalUrl } from '../core/security/external-url';
import { APP_ORIGIN } from './window-options';

function isAppUrl(url: string): boolean {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}` === APP_ORIGIN;
  } catch {
    return false;
  }
}

const ALLOWED = new Set<string>(['clipboard-sanitized-write', 'notifications']);

/** Installs the guards; call once when the app is ready. */
export function hardenApp(): void {
  // Nothing but writing to the clipboard ("Copy sign-in link") and notifications, and only for our own page.
  session.defaultSession.setPermissionRequestHandler((wc, permission, callback) =>
    callback(ALLOWED.has(permission) && isAppUrl(wc.getURL())),
  );
  session.defaultSession.setPermissionCheckHandler(
    (_wc, permission, origin) => ALLOWED.has(permission) && isAppUrl(origin),
  );
  session.defaultSession.setDevicePermissionHandler(() => false);

  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-navigate', (event, url) => {
      if (!isAppUrl(url) || url !== contents.getURL()) event.preventDefault();
    });
    contents.on('will-redirect', (event, url) => {
      if (!isAppUrl(url)) event.preventDefault();
    });
    contents.on('will-attach-webview', (event) => event.preventDefault());
    contents.setWindowOpenHandler(({ url }) => {
      // Links the app shows (never sign-in) open in the user's browser, vetted; nothing opens in-app.
      const vetted = vetExternalUrl(url);
      if (vetted) void shell.openExternal(vetted);
      return { action: 'deny' };
    });
  });
}
