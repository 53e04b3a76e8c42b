/**
 * Real Electron, driven by Playwright's `_electron`: the same first screen, the IPC transport,
 * and the window's lock-down as Electron itself reports it. Runs only where the binary exists.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { _electron as electron, type ElectronApplication, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../sandbox/index';

let sandbox: Sandbox;
let app: ElectronApplication;
let page: Page;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  app = await electron.launch({
    args: [resolve(__dirname, '../..')],
    env: {
      ...process.env,
      FRONTDESK_SERVICE_URL: sandbox.url,
      FRONTDESK_USING_SANDBOX: '1',
      ELECTRON_DISABLE_SECURITY_WARNINGS: 'false',
    },
  });
  page = await app.firstWindow();
  await page.locator('[data-testid="app"][data-ready="true"]').waitFor();
});
afterAll(async () => {
  await app?.close();
  await sandbox?.close();
});

describe('Electron app', () => {
  it('shows the first screen from app:// and goes online over IPC', async () => {
    expect(page.url()).toBe('app://frontdesk/index.html');
    expect(await page.getByTestId('service-url').innerText()).toBe(sandbox.url);
    await page.locator('[data-testid="connectivity"][data-state="online"]').waitFor();
    const info = await page.evaluate(() =>
      (window as unknown as { frontdesk: { invoke: Record<string, () => Promise<unknown>> } }).frontdesk.invoke[
        'app:info'
      ]!(),
    );
    expect(info).toMatchObject({ ok: true, value: { mode: 'electron' } });
  });

  it('gives the page no Node and no ipcRenderer', async () => {
    expect(await page.evaluate(() => typeof (window as unknown as { require?: unknown }).require)).toBe('undefined');
    expect(await page.evaluate(() => typeof (window as unknown as { process?: unknown }).process)).toBe('undefined');
    expect(
      await page.evaluate(() => Object.keys((window as unknown as { frontdesk: object }).frontdesk).sort()),
    ).toEqual(['invoke', 'on']);
  });

  it('runs the window from the locked-down options', async () => {
    const opts = await app.evaluate(({ BrowserWindow }) => {
      const win = BrowserWindow.getAllWindows()[0]!;
      return { count: BrowserWindow.getAllWindows().length, title: win.getTitle() };
    });
    expect(opts).toEqual({ count: 1, title: 'Frontdesk' });
    expect(await page.evaluate(() => typeof (globalThis as unknown as { Buffer?: unknown }).Buffer)).toBe('undefined');
  });

  it('serves index.html through core’s first screen: signed out, the page as built, its caching and CSP as ever', async () => {
    // main/index.ts hands app:// core and the renderer's built drawing (out/first-screen/index.mjs); with no one
    // signed in there is no saved day to draw (test/unit/electron/protocol.test.ts draws one through the same path).
    const served = await page.evaluate(async () => {
      const res = await fetch('app://frontdesk/index.html');
      return {
        text: await res.text(),
        csp: res.headers.get('content-security-policy') ?? '',
        cache: res.headers.get('cache-control'),
      };
    });
    expect(served.text).toBe(readFileSync(resolve(__dirname, '../../out/renderer/index.html'), 'utf8'));
    expect(served.text).not.toContain('id="first-screen"');
    expect(served.csp).not.toContain('nonce-');
    expect(served.cache).toBeNull();
  });

  it('refuses to navigate away from the app or open windows', async () => {
    await page.evaluate(() => {
      window.location.href = 'https://example.com/';
    });
    await page.evaluate(() => window.open('file:///etc/passwd'));
    expect(page.url()).toBe('app://frontdesk/index.html');
    expect(app.windows()).toHaveLength(1);
  });
});
