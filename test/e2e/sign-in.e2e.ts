/** Sign-in through the system browser (a second tab here), against the sandbox's login and consent pages. */
import { afterAll, describe, expect, it } from 'vitest';
import { useStack } from './support/stack';

/**
 * Watches (does not change) the requests the core sends to the token endpoint, to learn the PKCE verifier's value.
 * Installed before the stack starts, because the host binds fetch when it is built.
 */
const verifiersSent: string[] = [];
const realFetch = globalThis.fetch;
globalThis.fetch = (input, init) => {
  const url = input instanceof Request ? input.url : String(input);
  if (url.endsWith('/oauth/token') && init?.body) {
    const verifier = new URLSearchParams(String(init.body)).get('code_verifier');
    if (verifier) verifiersSent.push(verifier);
  }
  return realFetch(input, init);
};
afterAll(() => {
  globalThis.fetch = realFetch;
});

const stack = useStack();

describe('sign-in', () => {
  it('signs a linked receptionist in through the browser and shows who acts for whom', async () => {
    const app = await stack.open();
    await app.waitForAuth('signed_out');
    expect(await app.page.getByRole('heading', { name: 'Sign in to Frontdesk' }).isVisible()).toBe(true);
    const portal = await app.signIn('linked@frontdesk.test');
    expect(await portal.getByRole('heading').first().innerText()).toBe('You are signed in to Frontdesk');
    expect(await portal.locator('body').innerText()).toContain('You can close this tab');
    await app.waitForAuth('signed_in');
    expect(await app.accountText()).toBe('Maria Lopez — acting for Lakeside Dental');
    await app.screenshot('test-results/signed-in.png');

    await app.page.getByRole('button', { name: 'Sign out' }).click();
    await app.waitForAuth('signed_out');
    expect(await app.page.getByTestId('auth-notice').innerText()).toBe('You are signed out.');
    expect(app.problems).toEqual([]);
    await app.page.context().close();
  });

  it('shows the waiting screen, and returns to sign-in when the user denies access', async () => {
    const app = await stack.open();
    const tab = app.page.context().waitForEvent('page');
    await app.page.getByRole('button', { name: 'Sign in with your browser' }).click();
    await app.waitForAuth('signing_in');
    expect(await app.page.getByRole('heading', { name: 'Continue in your browser…' }).isVisible()).toBe(true);
    expect(await app.page.getByRole('button', { name: 'Copy sign-in link' }).isVisible()).toBe(true);
    await app.screenshot('test-results/sign-in-waiting.png');
    const portal = await tab;
    await portal.getByLabel('Email').fill('owner@frontdesk.test');
    await portal.getByLabel('Password').fill('sandbox');
    await portal.getByRole('button', { name: 'Sign in' }).click();
    await portal.getByRole('button', { name: 'Deny' }).click();
    await portal.waitForURL(/\/oauth\/callback/);
    expect(await portal.locator('body').innerText()).toContain('Sign-in was cancelled in the browser.');
    await app.waitForAuth('signed_out');
    expect(await app.page.getByTestId('auth-notice').innerText()).toBe('Sign-in was cancelled in the browser.');
    await app.page.context().close();
  });

  it('cancels a pending sign-in from the app', async () => {
    const app = await stack.open();
    await app.page.getByRole('button', { name: 'Sign in with your browser' }).click();
    await app.waitForAuth('signing_in');
    await app.page.getByRole('button', { name: 'Cancel' }).click();
    await app.waitForAuth('signed_out');
    await app.page.context().close();
  });

  it('opens the sign-in page from the tab that asked, not from every tab open', async () => {
    const other = await stack.open();
    const app = await stack.open();
    await other.waitForAuth('signed_out');
    // Counts the pages the other tab opens (none is opened: it would be a second sign-in page).
    await other.page.evaluate(() => {
      const w = window as unknown as { __opened: number };
      w.__opened = 0;
      window.open = () => (w.__opened++, null);
    });
    const portal = await app.signIn('owner@frontdesk.test');
    await app.waitForAuth('signed_in');
    // The other tab hears core's events in order: the page to open came long before the sign-in it led to.
    await other.waitForAuth('signed_in');
    expect(await other.page.evaluate(() => (window as unknown as { __opened: number }).__opened)).toBe(0);
    expect(other.page.context().pages()).toHaveLength(1);
    await portal.close();
    await app.page.getByRole('button', { name: 'Sign out' }).click();
    await app.waitForAuth('signed_out');
    await other.page.context().close();
    await app.page.context().close();
  });

  it('never sends a token, code or verifier over the bridge', async () => {
    const before = verifiersSent.length;
    const app = await stack.open();
    const portal = await app.signIn('owner@frontdesk.test');
    await app.waitForAuth('signed_in');
    const verifiers = verifiersSent.slice(before);
    const callback = new URL(portal.url());
    const session = stack.host.core.auth.tokens.current();
    expect(session).not.toBeNull();
    const secrets = [
      session!.tokens.accessToken,
      session!.tokens.refreshToken,
      callback.searchParams.get('code'),
      ...verifiers,
    ].filter((s): s is string => Boolean(s));
    expect(verifiers).toHaveLength(1);
    expect(secrets.length).toBe(4);
    const frames = stack.wire.join('\n');
    expect(stack.wire.length).toBeGreaterThan(10);
    // (The state value does reach the page in the browser host: the page opens the sign-in address, state and all,
    // because a browser tab cannot ask the OS to. Electron opens it from main.)
    for (const secret of secrets) expect(frames).not.toContain(secret);
    expect(frames).not.toMatch(/access_token|refresh_token|code_verifier|"verifier"|"accessToken"|"refreshToken"/);
    await app.page.context().close();
  });
});
