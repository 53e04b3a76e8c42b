/** Serves the built renderer over app:// with the CSP; registered before `ready`. */
import { protocol } from 'electron';
import { readStatic } from '../core/static-files';
import { buildCsp, securityHeaders } from '../core/security/csp';
import { APP_ORIGIN, APP_SCHEME } from './window-options';

/** Must run before the app is ready. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } },
  ]);
}

/** Answers app://frontdesk/* from `rendererDir`; anything else is 404. */
export function serveAppScheme(rendererDir: string): void {
  const headers = securityHeaders(buildCsp());
  protocol.handle(APP_SCHEME, async (request) => {
    const url = new URL(request.url);
    if (`${url.protocol}//${url.host}` !== APP_ORIGIN || request.method !== 'GET')
      return new Response('Not found', { status: 404 });
    const file = await readStatic(rendererDir, url.pathname);
    if (!file) return new Response('Not found', { status: 404 });
    return new Response(new Uint8Array(file.body), { status: 200, headers: { 'content-type': file.type, ...headers } });
  });
}
