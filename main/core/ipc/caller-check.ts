/** Decides whether an IPC call comes from our own renderer: our main frame, at our origin. */

/** What a host knows about the caller of a channel. */
export interface SenderInfo {
  /** URL of the calling frame (Electron) or the page's Origin header (browser host). */
  url: string | null;
  isMainFrame: boolean;
}

/** Scheme + host of a URL, also for non-special schemes like app:// whose `origin` is "null". */
export function originOf(url: string): string | null {
  try {
    const u = new URL(url);
    if (!u.host) return null;
    return `${u.protocol}//${u.host}`.toLowerCase();
  } catch {
    return null;
  }
}

/** True only for the main frame of a page served from `trustedOrigin`. */
export function isTrustedSender(sender: SenderInfo, trustedOrigin: string): boolean {
  if (!sender.isMainFrame || typeof sender.url !== 'string') return false;
  const origin = originOf(sender.url);
  return origin !== null && origin === originOf(trustedOrigin);
}
