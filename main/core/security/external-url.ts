/** Vets URLs before anything hands them to the user's browser. */

/** Returns the normalised URL when it is a plain http(s) URL without credentials, else null. */
export function vetExternalUrl(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.length > 8192) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password) return null;
  return url.toString();
}
