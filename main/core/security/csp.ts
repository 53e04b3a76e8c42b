/** The renderer's Content-Security-Policy, shared by the app:// protocol and the browser host. */

/** Builds the CSP; `connectSrc` adds the browser host's WebSocket origin. */
export function buildCsp(options: { connectSrc?: string[] } = {}): string {
  const connect = ["'self'", ...(options.connectSrc ?? [])].join(' ');
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src ${connect}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
    "object-src 'none'",
  ].join('; ');
}

/** Security headers sent with every renderer document. */
export function securityHeaders(csp: string): Record<string, string> {
  return {
    'Content-Security-Policy': csp,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cross-Origin-Opener-Policy': 'same-origin',
  };
}
