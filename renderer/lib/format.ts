/** Plain-words formatting for what staff see (times are told by lib/practice-time.ts, on the practice's clock). */

/** "127.0.0.1:4010" from a URL, for compact labels. */
export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
