/**
 * Desktop notifications from the page (Notification API). In Electron our page is allowed them; in a browser tab the
 * first one asks for permission. When they are refused or missing, nothing is shown outside the app (the screen
 * itself always says the same thing).
 */

/** Shows a desktop notification when allowed; asks once when the browser has not been told yet. A click on it brings
 * the window forward and runs `onClick` (e.g. opens the thread). */
export function notifyDesktop(title: string, body: string, onClick?: () => void): void {
  const N = globalThis.Notification;
  if (!N) return;
  const show = () => {
    try {
      const shown = new N(title, { body });
      if (onClick)
        shown.onclick = () => {
          window.focus();
          onClick();
        };
    } catch {
      // Some hosts only allow notifications from a service worker: the screen says it anyway.
    }
  };
  if (N.permission === 'granted') return show();
  if (N.permission === 'default')
    void N.requestPermission()
      .then((p) => p === 'granted' && show())
      .catch(() => undefined);
}

/** Asks for permission ahead of time (from a click, as browsers want), so the first notification is not lost. */
export function askForNotifications(): void {
  const N = globalThis.Notification;
  if (N?.permission === 'default') void N.requestPermission().catch(() => undefined);
}
