/** Plain-words formatting for times shown to staff, in their locale and zone. */

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' });
const timeWithSeconds = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit', second: '2-digit' });

/** "10:42 AM" in the user's locale. */
export function clockTime(epochMs: number): string {
  return timeFormat.format(epochMs);
}

/** "10:42:05 AM" in the user's locale. */
export function clockTimeSeconds(epochMs: number): string {
  return timeWithSeconds.format(epochMs);
}

/** "127.0.0.1:4010" from a URL, for compact labels. */
export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
