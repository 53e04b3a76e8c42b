/** Sign-in with the loopback redirect (RFC 8252 §7.3): an ephemeral 127.0.0.1 listener per attempt. */
import { expect, it } from 'vitest';
import { approveInBrowser } from '../../support/browser-consent';
import { admin, queryOf, startSignIn, useAuthKit } from '../../support/auth-fixture';
import { waitFor } from '../../support/wait';

const kit = useAuthKit({ core: 'loopback' });

/** True once nothing listens on the URL's port any more. */
async function refused(url: string): Promise<boolean> {
  try {
    const res = await fetch(url);
    await res.body?.cancel();
    return false;
  } catch (error) {
    return (error as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED';
  }
}

async function redirectUriOf(): Promise<string> {
  const url = new URL(await startSignIn(kit.made));
  expect(url.searchParams.get('client_id')).toBe('frontdesk-desktop-loopback');
  const redirect = url.searchParams.get('redirect_uri')!;
  expect(redirect).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/oauth\/callback$/);
  expect(new URL(redirect).port).not.toBe('0');
  expect(url.searchParams.get('code_challenge_method')).toBe('S256');
  return redirect;
}

it('receives the redirect on 127.0.0.1, answers the tab, signs in and closes the port', async () => {
  const redirect = await redirectUriOf();
  const location = await approveInBrowser(kit.made.opened[0]!, { email: 'staff@frontdesk.test' });
  expect(location.startsWith(`${redirect}?code=`)).toBe(true);

  const tab = await fetch(location);
  expect(tab.status).toBe(200);
  expect(tab.headers.get('content-type')).toContain('text/html');
  expect(tab.headers.get('cache-control')).toBe('no-store');
  const page = await tab.text();
  expect(page).toContain('You can close this tab');
  expect(page).toContain('Signed in as Jordan Reyes.');
  expect(page).not.toContain(queryOf(location).get('code')!);

  expect(kit.made.core.auth.status()).toMatchObject({ state: 'signed_in', user: { email: 'staff@frontdesk.test' } });
  expect((await admin(kit.sb).stats()).tokenGrants.authorization_code).toBe(1);
  // The browser's follow-up request (favicon) after the page: a 404 or a closed port, never a crash of main.
  const favicon = await fetch(new URL('/favicon.ico', redirect)).then(
    (r) => r.status,
    (e: { cause?: { code?: string } }) => e.cause?.code,
  );
  expect([404, 'ECONNREFUSED']).toContain(favicon);
  await waitFor(() => refused(redirect), { what: 'the loopback port to close' });
});

it('answers a forged request with 400 on the tab only, and keeps listening for the real one', async () => {
  const redirect = await redirectUriOf();
  const location = await approveInBrowser(kit.made.opened[0]!, { email: 'owner@frontdesk.test' });
  const before = kit.made.core.auth.status();
  const forged = new URL(location);
  forged.searchParams.set('state', 'not-the-state');

  // A page that guessed the port, sending the exact path and Host with a state of its own: the tab is answered,
  // the app shows no notice (status unchanged) and goes on waiting.
  const bad = await fetch(forged);
  expect(bad.status).toBe(400);
  expect(await bad.text()).toContain('Frontdesk could not sign you in');
  expect(kit.made.core.auth.status()).toEqual(before);
  const elsewhere = await fetch(new URL('/other', redirect));
  expect(elsewhere.status).toBe(404);
  await elsewhere.body?.cancel();
  expect(kit.made.core.auth.status().state).toBe('signing_in');
  expect(await admin(kit.sb).tokenRequests()).toBe(0);

  const good = await fetch(location);
  expect(good.status).toBe(200);
  await good.body?.cancel();
  expect(kit.made.core.auth.status().state).toBe('signed_in');
});

it('answers only GET on the exact path with Host 127.0.0.1:port; the rest is a 404 that leaves the attempt alone', async () => {
  const redirect = await redirectUriOf();
  const location = await approveInBrowser(kit.made.opened[0]!, { email: 'owner@frontdesk.test' });
  const before = kit.made.core.auth.status();
  const { request } = await import('node:http');
  const send = (method: string, path: string, host: string) =>
    new Promise<number>((resolve, reject) => {
      const target = new URL(path, redirect);
      const req = request(target, { method, headers: { host } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end();
    });
  const port = new URL(redirect).port;
  const path = `${new URL(location).pathname}${new URL(location).search}`;
  // The real answer itself, but under another Host name (DNS rebinding, "localhost"), or another method.
  expect(await send('GET', path, `localhost:${port}`)).toBe(404);
  expect(await send('GET', path, `evil.example:${port}`)).toBe(404);
  expect(await send('GET', path, '127.0.0.1')).toBe(404);
  expect(await send('POST', path, `127.0.0.1:${port}`)).toBe(404);
  expect(await send('GET', '/oauth/callback/x', `127.0.0.1:${port}`)).toBe(404);
  // Nothing reached the attempt: no notice, no token request, still waiting.
  expect(kit.made.core.auth.status()).toEqual(before);
  expect(await admin(kit.sb).tokenRequests()).toBe(0);

  const good = await fetch(location);
  expect(good.status).toBe(200);
  await good.body?.cancel();
  expect(kit.made.core.auth.status().state).toBe('signed_in');
});

it('shows "cancelled" on the tab after Deny, ends the attempt and closes the port', async () => {
  const redirect = await redirectUriOf();
  const location = await approveInBrowser(kit.made.opened[0]!, { email: 'owner@frontdesk.test', decision: 'deny' });
  expect(queryOf(location).get('error')).toBe('access_denied');

  const tab = await fetch(location);
  expect(tab.status).toBe(400);
  expect(await tab.text()).toContain('Sign-in was cancelled in the browser.');
  expect(kit.made.core.auth.status()).toMatchObject({
    state: 'signed_out',
    signIn: null,
    notice: { text: 'Sign-in was cancelled in the browser.' },
  });
  await waitFor(() => refused(redirect), { what: 'the loopback port to close' });
});

it('closes the listener when the attempt is cancelled or replaced', async () => {
  const first = await redirectUriOf();
  const second = await redirectUriOf();
  expect(second).not.toBe(first);
  await waitFor(() => refused(first), { what: 'the replaced listener to close' });
  await kit.made.core.auth.cancelSignIn();
  expect(kit.made.core.auth.status().state).toBe('signed_out');
  await waitFor(() => refused(second), { what: 'the cancelled listener to close' });
});

it('refuses look-alikes of the loopback redirect handed to handleRedirect directly', async () => {
  const redirect = await redirectUriOf();
  const location = await approveInBrowser(kit.made.opened[0]!, { email: 'owner@frontdesk.test' });
  const port = new URL(redirect).port;
  const query = location.slice(location.indexOf('?'));
  const lookalikes = [
    `http://user@127.0.0.1:${port}/oauth/callback${query}`,
    `http://user:pw@127.0.0.1:${port}/oauth/callback${query}`,
    `http://127.0.0.1:${Number(port) === 65535 ? 1 : Number(port) + 1}/oauth/callback${query}`,
    `http://127.0.0.1/oauth/callback${query}`,
    `http://localhost:${port}/oauth/callback${query}`,
    `http://[::1]:${port}/oauth/callback${query}`,
    `https://127.0.0.1:${port}/oauth/callback${query}`,
    `http://127.0.0.1:${port}/oauth/callback/${query}`,
    `http://127.0.0.1:${port}/oauth/callback${query}#x`,
    `com.frontdesk.app:/oauth/callback${query}`,
  ];
  for (const candidate of lookalikes) {
    expect((await kit.made.core.auth.handleRedirect(candidate)).ok, candidate).toBe(false);
    expect(kit.made.core.auth.status().state).toBe('signing_in');
  }
  expect(await admin(kit.sb).tokenRequests()).toBe(0);
  expect((await kit.made.core.auth.handleRedirect(location)).ok).toBe(true);
});

// Linux routes all of 127.0.0.0/8 to the loopback device: a listener bound to every address would answer here too.
it.skipIf(process.platform !== 'linux')('listens on 127.0.0.1 only (not on 127.0.0.2)', async () => {
  const port = Number(new URL(await redirectUriOf()).port);
  const { connect } = await import('node:net');
  const outcome = await new Promise<string>((resolve) => {
    const socket = connect({ host: '127.0.0.2', port });
    socket.once('connect', () => (socket.destroy(), resolve('connected')));
    socket.once('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? 'error'));
  });
  expect(outcome).toBe('ECONNREFUSED');
});
