/**
 * The browser host's keys: a printed one arrives in the address `npm start` printed (`#key=…`, a fragment, so it is
 * never sent in a request) and is taken out of the address bar and its history entry at once. It opens this tab only:
 * the host swaps it for a key of the tab's own on first use, which is kept for this tab alone (sessionStorage is per
 * origin, port included, and per tab) and offered on every reload. The printed address left in the browser's history
 * then opens nothing.
 */

const STORE = 'frontdesk.host-key';
const IN_FRAGMENT = /(?:^#|&)key=([A-Za-z0-9_-]{16,128})(?:&|$)/;
/**
 * A key as kept in the page's storage (what is not one is not offered). A plain pattern, not a zod schema: this file
 * runs before the first paint, and zod would be most of the JS that paint waits for.
 */
const STORED_KEY = /^[A-Za-z0-9_-]{16,128}$/;

/** The key to offer: the printed one this page was opened with, else this tab's own; null when it has neither. */
export function takeHostKey(): string | null {
  const found = IN_FRAGMENT.exec(location.hash)?.[1];
  if (found) {
    history.replaceState(history.state, '', `${location.pathname}${location.search}`);
    return found;
  }
  const kept = sessionStorage.getItem(STORE);
  return kept !== null && STORED_KEY.test(kept) ? kept : null;
}

/** Keeps this tab's own key, given by the host in exchange for the printed one. */
export function keepTabKey(key: string): void {
  sessionStorage.setItem(STORE, key);
}
