/**
 * Serves the built renderer over app:// with the CSP; registered before `ready`. The page (index.html) carries the
 * saved day once core is up (main/core/first-screen.ts): the protocol is the app's own, so no other program can ask
 * for it, and that answer is never kept in a cache, its `<style>` allowed by a nonce of its own.
 */
import { protocol } from 'electron';
import type { FrontdeskCore } from '../core/app-core';
import { loadFirstScreenRenderer, pageWithFirstScreen } from '../core/first-screen';
import type { Logger } from '../core/platform';
import { readStatic } from '../core/static-files';
import { buildCsp, securityHeaders } from '../core/security/csp';
import type { FirstScreenRenderer } from '../../common/first-screen';
import { APP_ORIGIN, APP_SCHEME } from './window-options';

/** Must run before the app is ready. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } },
  ]);
}

/** Where the page's first screen comes from: core once it runs, and the path of the renderer's built drawing. */
export interface AppSchemeFirstScreen {
  core: () => FrontdeskCore | null;
  /** `out/first-screen/index.mjs`; no file there, no first screen. */
  drawing: string;
  log: Logger;
}

/** The page's paths (the window opens index.html). */
const PAGE_PATHS = new Set(['/', '/index.html']);

/** Answers app://frontdesk/* from `rendererDir`; anything else is 404. */
export function serveAppScheme(rendererDir: string, firstScreen?: AppSchemeFirstScreen): void {
  const headers = securityHeaders(buildCsp());
  // Loaded at once, beside core's start, so the window's first page does not wait for it.
  const drawing: Promise<FirstScreenRenderer | null> = firstScreen
    ? loadFirstScreenRenderer(firstScreen.drawing, firstScreen.log)
    : Promise.resolve(null);
  protocol.handle(APP_SCHEME, async (request) => {
    const url = new URL(request.url);
    if (`${url.protocol}//${url.host}` !== APP_ORIGIN || request.method !== 'GET')
      return new Response('Not found', { status: 404 });
    const file = await readStatic(rendererDir, url.pathname);
    if (!file) return new Response('Not found', { status: 404 });
    const core = firstScreen?.core();
    if (firstScreen && core && PAGE_PATHS.has(url.pathname)) {
      const options = { renderer: await drawing, rendererDir };
      const page = await pageWithFirstScreen(core, file.body.toString('utf8'), options);
      if (page)
        return new Response(page.html, {
          status: 200,
          headers: {
            'content-type': file.type,
            // Patients' names: never in a cache on disk.
            'cache-control': 'no-store',
            ...securityHeaders(buildCsp({ styleNonce: page.nonce })),
          },
        });
    }
    return new Response(new Uint8Array(file.body), { status: 200, headers: { 'content-type': file.type, ...headers } });
  });
}
