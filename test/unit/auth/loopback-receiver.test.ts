/** The loopback receiver listens where the redirect it hands out says, and nowhere else. */
import { createServer } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { startLoopbackReceiver, type LoopbackReceiver } from '../../../main/core/auth/loopback-receiver';

let receiver: LoopbackReceiver | null = null;
afterEach(async () => {
  await receiver?.close();
  receiver = null;
});

const ipv6 = await new Promise<boolean>((resolve) => {
  const probe = createServer()
    .once('error', () => resolve(false))
    .listen(0, '::1', () => probe.close(() => resolve(true)));
});

async function outcome(url: string): Promise<number | string> {
  return fetch(url).then(
    async (r) => (await r.body?.cancel(), r.status),
    (e: { cause?: { code?: string } }) => e.cause?.code ?? 'error',
  );
}

it('on 127.0.0.1: answers there, not on [::1]', async () => {
  const seen: string[] = [];
  receiver = await startLoopbackReceiver('http://127.0.0.1/oauth/callback', async (url) => {
    seen.push(url);
    return { ok: true, message: 'Signed in.' };
  });
  const port = new URL(receiver.redirectUri).port;
  expect(receiver.redirectUri).toBe(`http://127.0.0.1:${port}/oauth/callback`);
  expect(await outcome(`${receiver.redirectUri}?code=c&state=s`)).toBe(200);
  if (ipv6) expect(await outcome(`http://[::1]:${port}/oauth/callback?code=c&state=s`)).toBe('ECONNREFUSED');
  expect(seen).toHaveLength(1);
});

it.skipIf(!ipv6)(
  'on [::1] (the config allows it): answers there, not on 127.0.0.1 (skipped without IPv6)',
  async () => {
    const seen: string[] = [];
    receiver = await startLoopbackReceiver('http://[::1]/oauth/callback', async (url) => {
      seen.push(url);
      return { ok: true, message: 'Signed in.' };
    });
    const port = new URL(receiver.redirectUri).port;
    expect(receiver.redirectUri).toBe(`http://[::1]:${port}/oauth/callback`);
    expect(await outcome(`${receiver.redirectUri}?code=c&state=s`)).toBe(200);
    expect(await outcome(`http://127.0.0.1:${port}/oauth/callback?code=c&state=s`)).toBe('ECONNREFUSED');
    expect(seen).toEqual([`http://[::1]:${port}/oauth/callback?code=c&state=s`]);
  },
);
