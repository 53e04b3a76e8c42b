/**
 * The browser host's keys: a printed one arrives in the address `npm start` printed (`#key=…`, a fragment, so it is
 * never sent in a request) and is taken out of the address bar and its history entry at once. It opens this tab only:
 * the host swaps it for a key of the tab's own on first use, which is kept for this tab alone (sessionStorage is per
 * origin, port included, and per tab) and offered on every reload. The printed address left in the browser's history
 * then opens nothing.
 */
import { z } from 'zod';
import { parseUnknownOrNull } from '../../common/parse-unknown';

const STORE = 'frontdesk.host-key';
const IN_FRAGMENT = /(?:^#|&)key=([A-Za-z0-9_-]{16,128})(?:&|$)/;
/** A key as kept in the page's storage (what is not one is not offered). */
const storedKey = z.string().regex(/^[A-Za-z0-9_-]{16,128}$/);

/** The key to offer: the printed one this page was opened with, else this tab's own; null when it has neither. */
export function takeHostKey(): string | null {
  const found = IN_FRAGMENT.exec(location.hash)?.[1];
  if (found) {
    history.replaceState(history.state, '', `${location.pathname}${location.search}`);
    return found;
  }
  return parseUnknownOrNull(storedKey, sessionStorage.getItem(STORE));
}

/** Keeps this tab's own key, given by the host in exchange for the printed one. */
export function keepTabKey(key: string): void {
  sessionStorage.setItem(STORE, key);
}
