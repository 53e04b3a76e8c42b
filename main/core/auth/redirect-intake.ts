/**
 * Where sign-in redirects come in from the OS (argv on Windows/Linux, open-url on macOS), and
 * the strict matching of a redirect against the one we expect.
 */

/** True when `candidate` is exactly our redirect (scheme, host, port, path), query aside. */
export function matchesRedirect(candidate: URL, expected: string): boolean {
  let want: URL;
  try {
    want = new URL(expected);
  } catch {
    return false;
  }
  return (
    candidate.protocol === want.protocol &&
    candidate.username === '' &&
    candidate.password === '' &&
    candidate.host === want.host &&
    candidate.pathname === want.pathname &&
    candidate.hash === ''
  );
}

/** Parses a redirect URL string; null for anything that is not a URL of a sane size. */
export function parseRedirectUrl(raw: unknown): URL | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > 4096) return null;
  try {
    return new URL(raw);
  } catch {
    return null;
  }
}

/**
 * The one redirect URL in a command line, or null. Only an argv holding exactly one argument of
 * our scheme is accepted (Windows passes the URL as a plain argument that anyone can forge).
 */
export function redirectFromArgv(argv: readonly string[], scheme: string): string | null {
  const prefix = `${scheme.toLowerCase()}:`;
  const ours = argv.filter((arg) => typeof arg === 'string' && arg.toLowerCase().startsWith(prefix));
  return ours.length === 1 ? (ours[0] ?? null) : null;
}

/** The scheme of a custom-scheme redirect URI ("com.frontdesk.app"), or null for http(s). */
export function customSchemeOf(redirectUri: string): string | null {
  try {
    const protocol = new URL(redirectUri).protocol.replace(/:$/, '');
    return protocol === 'http' || protocol === 'https' ? null : protocol;
  } catch {
    return null;
  }
}
