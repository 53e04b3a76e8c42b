/** The first screen, through the browser host in Chromium against the sandbox. */
import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
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

  it('the printed address, as the browser’s history keeps it, opens nothing once it has opened its tab; the tab reloads', async () => {
    const printed = stack.host.url;
    const context = await stack.browser.newContext();
    const app = new FrontdeskPage(await context.newPage());
    await app.goto(printed);
    await app.waitForAuth('signed_out');
    // The key is out of the address bar and out of this tab's history entry at once.
    expect(app.page.url()).toBe(`${stack.host.origin}/`);
    expect(await app.page.evaluate(() => location.hash)).toBe('');
    // The exact address first opened, from history, in a new browser context (another window, a later day):
    // it opens nothing, and says what to do.
    const fromHistory = await stack.browser.newContext();
    const again = await fromHistory.newPage();
    await again.goto(printed);
    await again.getByRole('alert').filter({ hasText: 'open it from the address it printed' }).waitFor();
    expect(await again.getByRole('button', { name: 'Sign in with your browser' }).count()).toBe(0);
    await fromHistory.close();
    // The tab that opened it keeps working after a reload (its own key, kept for this tab only).
    await app.page.reload();
    await app.page.locator('[data-testid="app"][data-ready="true"]').waitFor();
    await app.waitForAuth('signed_out');
    expect(await app.page.getByRole('button', { name: 'Sign in with your browser' }).isVisible()).toBe(true);
    expect(await app.invoke('app:info')).toMatchObject({ ok: true });
    expect(await app.page.getByRole('alert').filter({ hasText: 'open it from the address it printed' }).count()).toBe(
      0,
    );
    await context.close();
  });
});
