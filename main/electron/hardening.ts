/**
 * App-wide guards for every web contents: no navigation away from the app, no new windows,
 * no webviews, and no permissions (camera, notifications, …) for the page.
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

/** Installs the guards; call once when the app is ready. */
export function hardenApp(): void {
  // Nothing but writing to the clipboard ("Copy sign-in link"), and only for our own page.
  session.defaultSession.setPermissionRequestHandler((wc, permission, callback) =>
    callback(permission === 'clipboard-sanitized-write' && isAppUrl(wc.getURL())),
  );
  session.defaultSession.setPermissionCheckHandler(
    (_wc, permission, origin) => permission === 'clipboard-sanitized-write' && isAppUrl(origin),
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
