/** The first screen, through the browser host in Chromium against the sandbox. */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './support/chromium';
import { FrontdeskPage } from './support/driver';
import { useStack } from './support/stack';

const stack = useStack();

describe('first screen', () => {
  it('shows the app name, the configured service and that it is online', async () => {
    const app = await stack.open();
    await expect(app.page.getByRole('heading', { name: 'Frontdesk', level: 1 }).isVisible()).resolves.toBe(true);
    expect(await app.page.getByRole('heading', { level: 1 }).innerText()).toBe('Frontdesk');
    expect(await app.serviceUrl()).toBe(stack.sandbox.url);
    await app.waitForConnectivity('online');
    expect(await app.connectivityText()).toBe('Online');
    await app.waitForAuth('signed_out');
    expect(await app.page.getByRole('button', { name: 'Sign in with your browser' }).isVisible()).toBe(true);
    mkdirSync('test-results', { recursive: true });
    await app.screenshot('test-results/first-screen-online.png');
    expect(await app.page.content()).not.toMatch(/lorem|placeholder|todo|coming soon/i);
    expect(app.problems).toEqual([]);
    await app.page.context().close();
  });

  it('turns offline within seconds when the service stops, and back when it returns', async () => {
    const app = await stack.open();
    await app.waitForConnectivity('online');
    await stack.stopService();
    await app.waitForConnectivity('offline');
    expect(await app.connectivityText()).toMatch(/^Offline since /);
    expect(await app.page.getByTestId('status-bar').innerText()).toContain('No answer from the service');
    await app.screenshot('test-results/first-screen-offline.png');
    await stack.startService();
    await app.waitForConnectivity('online');
    await app.page.context().close();
  });

  it('answers app:info and connectivity over the page-origin WebSocket', async () => {
    const app = await stack.open();
    expect(await app.invoke('app:info')).toMatchObject({
      ok: true,
      value: { name: 'Frontdesk', mode: 'browser', serviceUrl: stack.sandbox.url, usingSandbox: true },
    });
    expect(await app.invoke('app:check-connectivity')).toMatchObject({ ok: true, value: { state: 'online' } });
    await app.page.context().close();
  });

  it('a tab opened without this run’s key cannot reach the app, and says what to do', async () => {
    // Same origin, no key: what another local program or a guessed address gets. (Forged Origins are tested from
    // Node in test/integration/app/browser-host.test.ts, where Chromium's own refusals cannot hide a missing check.)
    const page = await stack.browser.newPage();
    await page.goto(`${stack.host.origin}/`);
    await page.getByRole('alert').filter({ hasText: 'open it from the address it printed' }).waitFor();
    expect(await page.getByRole('button', { name: 'Sign in with your browser' }).count()).toBe(0);
    await page.close();
  });

  it('the address the browser’s history kept opens nothing once it has opened its tab; that tab reloads', async () => {
    const printed = stack.host.url;
    // A browser with its profile on disk, as at a front desk: its history is a file (Chromium's History database).
    const profile = mkdtempSync(join(tmpdir(), 'frontdesk-e2e-profile-'));
    try {
      const browser = await chromium.launchPersistentContext(profile, {
        executablePath: CHROMIUM_PATH,
        args: CHROMIUM_ARGS,
        headless: true,
      });
      try {
        const app = new FrontdeskPage(browser.pages()[0] ?? (await browser.newPage()));
        await app.goto(printed);
        await app.waitForAuth('signed_out');
        // The key is out of the address bar and out of this tab's entry in its history at once.
        expect(app.page.url()).toBe(`${stack.host.origin}/`);
        // The tab keeps working after a reload (on its own key, kept for this tab only).
        await app.page.reload();
        await app.page.locator('[data-testid="app"][data-ready="true"]').waitFor();
        await app.waitForAuth('signed_out');
        expect(await app.page.getByRole('button', { name: 'Sign in with your browser' }).isVisible()).toBe(true);
        expect(await app.invoke('app:info')).toMatchObject({ ok: true });
      } finally {
        await browser.close(); // Chromium writes its History database as the profile closes
      }
      const history = new DatabaseSync(join(profile, 'Default', 'History'), { readOnly: true });
      const kept = (history.prepare("SELECT url FROM urls WHERE url LIKE '%#key=%'").all() as { url: string }[]).map(
        (row) => row.url,
      );
      history.close();
      // The browser did keep the address with its key (that is why the key must be spent)...
      expect(kept).toContain(printed);
      // ...and each address it kept, opened again in another browser context (another window, a later day), opens
      // nothing and says what to do.
      for (const url of kept) {
        const later = await stack.browser.newContext();
        const page = await later.newPage();
        await page.goto(url);
        await page.getByRole('alert').filter({ hasText: 'open it from the address it printed' }).waitFor();
        expect(await page.getByRole('button', { name: 'Sign in with your browser' }).count()).toBe(0);
        await later.close();
      }
    } finally {
      rmSync(profile, { recursive: true, force: true });
    }
  });
});
