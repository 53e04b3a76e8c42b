/**
 * Electron's app:// (main/electron/protocol.ts) serves index.html through core's first screen
 * (main/core/first-screen.ts), the renderer's drawing loaded by path: the page with the saved day is never stored and
 * its CSP names its nonce; with no core yet, no drawing at that path, or nothing to draw, the page as built.
 * (test/electron/app.electron.ts runs it in Electron itself where the binary exists.)
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { AuthStatus } from '../../../common/contract';
import type { FirstScreenSource } from '../../../main/core/first-screen';
import { memoryLogger, tempDir } from '../../support/core-fixture';
import { fakeClock } from '../../support/fake-clock';

const e = vi.hoisted(() => ({ handler: null as null | ((request: Request) => Promise<Response>) }));
vi.mock('electron', () => ({
  protocol: {
    registerSchemesAsPrivileged: () => undefined,
    handle: (_scheme: string, fn: (request: Request) => Promise<Response>) => (e.handler = fn),
  },
}));

const { serveAppScheme } = await import('../../../main/electron/protocol');

const dir = tempDir();
afterAll(() => dir.cleanup());
const rendererDir = join(dir.dir, 'renderer');
mkdirSync(join(rendererDir, 'assets'), { recursive: true });
const PAGE =
  '<!doctype html><html lang="en"><head><title>Frontdesk</title></head><body><div id="root"></div></body></html>';
writeFileSync(join(rendererDir, 'index.html'), PAGE);
writeFileSync(join(rendererDir, 'assets', 'app-AbCdEf12.js'), 'export {};');
/** A built drawing, as `npm run build` writes it (out/first-screen/index.mjs). */
const drawingPath = join(dir.dir, 'first-screen', 'index.mjs');
mkdirSync(join(dir.dir, 'first-screen'));
writeFileSync(
  drawingPath,
  `export const firstScreen = {
    range: () => ({ begin: '2026-11-26T06:00:00.000Z', end: '2026-11-27T06:00:00.000Z' }),
    render: (input) => ({ html: '<p>' + input.agenda.items.length + ' today</p>', css: '#first-screen{margin:0}', stylesheets: [] }),
  };\n`,
);

const status = {
  state: 'signed_in',
  account: { key: 'acct', practiceName: 'Lakeside', zone: 'America/Chicago' },
} as AuthStatus;
const firstScreen: FirstScreenSource = {
  status: () => status,
  theme: () => 'system',
  savedCalendars: async () => ({ calendars: [], practiceZone: 'America/Chicago', fetchedAt: 1, source: 'cache' }),
  savedRange: async () => ({ items: [], fetchedAt: 1, source: 'cache' }),
  clock: fakeClock(),
  log: memoryLogger(),
};

const get = (path: string) => e.handler!(new Request(`app://frontdesk${path}`));

describe('app://', () => {
  it('serves index.html with the saved day once core is up: never stored, its style by its nonce', async () => {
    let core: { firstScreen: FirstScreenSource } | null = null;
    serveAppScheme(rendererDir, { core: () => core as never, drawing: drawingPath, log: memoryLogger() });
    const before = await get('/index.html');
    expect(await before.text()).toBe(PAGE);
    core = { firstScreen };
    const page = await get('/index.html');
    const html = await page.text();
    expect(html).toContain('<div id="first-screen" inert aria-hidden="true"><p>0 today</p></div><div id="root">');
    expect(page.headers.get('cache-control')).toBe('no-store');
    const nonce = /<style nonce="([^"]+)">/.exec(html)?.[1];
    expect(page.headers.get('content-security-policy')).toContain(`'nonce-${nonce}'`);
    expect(page.headers.get('content-security-policy')).not.toContain('unsafe-inline');
    // Other files are as ever.
    const asset = await get('/assets/app-AbCdEf12.js');
    expect(asset.headers.get('cache-control')).toBeNull();
    expect(asset.headers.get('content-security-policy')).not.toContain('nonce-');
  });

  it('serves the page as built with no drawing at the path given', async () => {
    serveAppScheme(rendererDir, {
      core: () => ({ firstScreen }) as never,
      drawing: join(dir.dir, 'absent.mjs'),
      log: memoryLogger(),
    });
    const page = await get('/index.html');
    expect(Buffer.from(await page.arrayBuffer()).equals(readFileSync(join(rendererDir, 'index.html')))).toBe(true);
    expect(page.headers.get('content-security-policy')).not.toContain('nonce-');
  });
});
