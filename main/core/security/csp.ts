/** The renderer's Content-Security-Policy, shared by the app:// protocol and the browser host. */

/**
 * The one inline style the renderer needs: react-aria's press handling adds this fixed `<style>` (touch-action for
 * pressable elements). Allowed by its hash only, so no other inline style can run.
 */
const REACT_ARIA_PRESS_STYLE_HASH = "'sha256-38RhXrc7EdReTKsOm23ZPOCUgniTUUcjky8QOOrQx6o='";

/** A nonce as `first-screen.ts` makes them (base64 of random bytes): nothing that could end the header's value. */
const NONCE = /^[A-Za-z0-9+/]{16,}={0,2}$/;

/**
 * Builds the CSP; `connectSrc` adds the browser host's WebSocket origin. `styleNonce` (a page with a first screen
 * written in, first-screen.ts) allows that response's one `<style>` carrying it, and nothing else: style attributes
 * stay refused.
 */
export function buildCsp(options: { connectSrc?: string[]; styleNonce?: string } = {}): string {
  const connect = ["'self'", ...(options.connectSrc ?? [])].join(' ');
  const nonce = options.styleNonce;
  if (nonce !== undefined && !NONCE.test(nonce)) throw new Error('not a nonce');
  const styles = ["'self'", REACT_ARIA_PRESS_STYLE_HASH, ...(nonce ? [`'nonce-${nonce}'`] : [])].join(' ');
  return [
    "default-src 'none'",
    "script-src 'self'",
    `style-src ${styles}`,
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
