/**
 * The app's badge: the number of unread texts on the dock/taskbar icon where the platform has one (the Badging API,
 * which Electron and installed web apps support), and in the window's title ("(2) Frontdesk"), which every host shows.
 */

const BASE_TITLE = 'Frontdesk';

/** Shows `count` unread texts on the badge and in the title (nothing when 0). */
export function showUnreadBadge(count: number): void {
  document.title = count > 0 ? `(${count}) ${BASE_TITLE}` : BASE_TITLE;
  const nav = globalThis.navigator as Navigator & {
    setAppBadge?: (n?: number) => Promise<void>;
    clearAppBadge?: () => Promise<void>;
  };
  try {
    const done = count > 0 ? nav.setAppBadge?.(count) : nav.clearAppBadge?.();
    void done?.catch(() => undefined);
  } catch {
    // No badge on this platform: the title says it.
  }
}
