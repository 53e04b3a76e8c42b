/**
 * The pass that lets a reload carry the saved day (main/browser-host/server.ts): Chromium keeps the cookie the
 * WebSocket's 101 answer sets, HttpOnly and SameSite=Strict, and sends it with the page's next GET, which then has the
 * first screen written in (main/core/first-screen.ts) and is never stored. A browser without it (another profile, or
 * any local program) gets the page as built.
 */
import { describe, expect, it } from 'vitest';
import { useStack } from './support/stack';

const stack = useStack();

describe('the first screen’s pass', () => {
  it('is kept by Chromium from the WebSocket’s answer, and a reload then carries the saved day, never stored', async () => {
    const app = await stack.open();
    await app.waitForAuth('signed_out');
    const portal = await app.signIn('owner@frontdesk.test');
    await portal.close();
    await app.waitForAuth('signed_in');
    await app.agendaRows();
    const port = new URL(stack.host.origin).port;
    const cookies = await app.page.context().cookies(stack.host.origin);
    const pass = cookies.find((c) => c.name === `frontdesk-pass-${port}`);
    expect(pass).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    // Not readable by the page's own scripts.
    expect(await app.page.evaluate(() => document.cookie)).not.toContain('frontdesk-pass-');

    const reloaded = await app.page.reload();
    expect(reloaded?.headers()['cache-control']).toBe('no-store');
    const html = (await reloaded?.text()) ?? '';
    expect(html).toContain('<div id="first-screen" inert aria-hidden="true">');
    await app.page.locator('[data-testid="app"][data-ready="true"]').waitFor();
    await app.waitForAuth('signed_in');
    expect(app.problems).toEqual([]);

    // Another browser profile, never handed a key: the page as built.
    const other = await stack.newContext();
    const plain = await other.request.get(`${stack.host.origin}/`);
    expect(await plain.text()).not.toContain('<div id="first-screen"');
    expect(plain.headers()['cache-control']).toBe('no-cache');
    await other.close();
    await app.page.context().close();
  });
});
