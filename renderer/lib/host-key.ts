/**
 * The browser host's key for this run: it arrives in the address `npm start` printed (`#key=…`, a fragment, so it is
 * never sent in a request), is kept for this tab only (sessionStorage is per origin, port included, and per tab),
 * and is taken out of the address bar at once. The page presents it when it opens the WebSocket.
 */
const STORE = 'frontdesk.host-key';
const IN_FRAGMENT = /(?:^#|&)key=([A-Za-z0-9_-]{16,128})(?:&|$)/;

/** This tab's key, or null when the page was opened without one. */
export function takeHostKey(): string | null {
  const found = IN_FRAGMENT.exec(location.hash)?.[1];
  if (found) {
    sessionStorage.setItem(STORE, found);
    history.replaceState(history.state, '', `${location.pathname}${location.search}`);
    return found;
  }
  return sessionStorage.getItem(STORE);
}
