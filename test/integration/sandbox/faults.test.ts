import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../sandbox/server';
import { authorizeUrl, desktopParams, get, pkce, postForm, postJson, start, stats } from './helpers';

let sb: Sandbox;
let writes = 0;
beforeAll(async () => {
  sb = await start(
    {},
    {
      extend(app) {
        app.post('/v1/test-writes', async () => ({ writes: ++writes }));
        app.get('/v1/test-reads', async () => ({ writes }));
        app.get('/v1/test-items/:id', async (req) => ({ id: (req.params as { id: string }).id }));
      },
    },
  );
});
afterAll(() => sb.close());
beforeEach(async () => {
  await fetch(`${sb.url}/__sandbox/faults`, { method: 'DELETE' });
});

const setFaults = async (body: unknown): Promise<void> => {
  const res = await postJson(`${sb.url}/__sandbox/faults`, body);
  expect(res.status).toBe(200);
};
const write = (): Promise<Response> => fetch(`${sb.url}/v1/test-writes`, { method: 'POST' });
const read = async (): Promise<number> =>
  ((await (await fetch(`${sb.url}/v1/test-reads`)).json()) as { writes: number }).writes;
const socketError = async (p: Promise<Response>): Promise<string> => {
  const err = await p.then(
    () => null,
    (e: unknown) => e as Error & { cause?: { code?: string } },
  );
  expect(err, 'expected the request to fail at the socket level').not.toBeNull();
  return String(err!.cause?.code ?? err!.message);
};

describe('fault injection', () => {
  it('latencyMs delays every faulted request', async () => {
    await setFaults({ latencyMs: 250 });
    const t0 = performance.now();
    expect((await write()).status).toBe(200);
    expect(performance.now() - t0).toBeGreaterThanOrEqual(240);
    const stats = (await (await fetch(`${sb.url}/__sandbox/stats`)).json()) as { requests: Record<string, unknown> };
    expect(Object.keys(stats.requests).some((route) => route.includes('__sandbox'))).toBe(false);
  });

  it('failRate answers from failStatus BEFORE the handler (nothing applied)', async () => {
    const before = await read();
    await setFaults({ failRate: 1, failStatus: [502] });
    const res = await write();
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual({ errors: 'injected_fault', message: 'injected failure 502' });
    await setFaults({});
    expect(await read()).toBe(before);
  });

  it('failRate is reproducible for a seed and mixes failures with successes', async () => {
    const run = async (): Promise<number[]> => {
      await setFaults({ failRate: 0.5, seed: 42 });
      const out: number[] = [];
      for (let i = 0; i < 16; i++) out.push((await fetch(`${sb.url}/v1/test-reads`)).status);
      return out;
    };
    const a = await run();
    const b = await run();
    expect(a).toEqual(b);
    expect(a).toContain(200);
    expect(a.some((s) => [500, 502, 503].includes(s))).toBe(true);
  });

  it('resetAfterApply: the write is applied but the client sees a socket error (lost response)', async () => {
    const before = await read();
    await setFaults({ resetRate: 1, resetAfterApply: true });
    const code = await socketError(write());
    expect(code).toMatch(/UND_ERR_SOCKET|ECONNRESET|other side closed|fetch failed/);
    await setFaults({});
    expect(await read()).toBe(before + 1);
  });

  it('resetRate without resetAfterApply kills the connection before the handler', async () => {
    const before = await read();
    await setFaults({ resetRate: 1 });
    await socketError(write());
    await setFaults({});
    expect(await read()).toBe(before);
  });

  it('rateLimit: status + Retry-After; with count only the next N requests', async () => {
    await setFaults({ rateLimit: { status: 429, retryAfterS: 2, count: 2 } });
    for (let i = 0; i < 2; i++) {
      const res = await write();
      expect(res.status).toBe(429);
      expect(res.headers.get('retry-after')).toBe('2');
      expect(((await res.json()) as { errors: string }).errors).toBe('rate_limited');
    }
    expect((await write()).status).toBe(200);
    const state = (await (await fetch(`${sb.url}/__sandbox/faults`)).json()) as { rateLimitRemaining: number };
    expect(state.rateLimitRemaining).toBe(0);
  });

  it('rateLimit without count applies to every faulted request', async () => {
    await setFaults({ rateLimit: { retryAfterS: 7 } });
    for (let i = 0; i < 3; i++) {
      const res = await write();
      expect(res.status).toBe(429);
      expect(res.headers.get('retry-after')).toBe('7');
    }
  });

  it('offline destroys every faulted connection; admin and portal stay reachable', async () => {
    await setFaults({ offline: true });
    await socketError(fetch(`${sb.url}/v1/test-reads`));
    await socketError(
      postForm(`${sb.url}/oauth/token`, {
        grant_type: 'refresh_token',
        refresh_token: 'x',
        client_id: 'frontdesk-desktop',
      }),
    );
    await socketError(postForm(`${sb.url}/oauth/revoke`, { token: 'x', client_id: 'frontdesk-desktop' }));
    expect((await fetch(`${sb.url}/__sandbox/stats`)).status).toBe(200);
    expect((await get(authorizeUrl(sb, desktopParams(pkce().challenge)))).status).toBe(200);
  });

  it('the token endpoint is faultable (failRate)', async () => {
    await setFaults({ failRate: 1, failStatus: [503] });
    const res = await postForm(`${sb.url}/oauth/token`, {
      grant_type: 'refresh_token',
      refresh_token: 'x',
      client_id: 'frontdesk-desktop',
    });
    expect(res.status).toBe(503);
  });

  it('routes limits faults to path prefixes', async () => {
    await setFaults({ failRate: 1, failStatus: [503], routes: ['/v1/test-writes'] });
    expect((await write()).status).toBe(503);
    expect((await fetch(`${sb.url}/v1/test-reads`)).status).toBe(200);
    expect((await postForm(`${sb.url}/oauth/token`, { client_id: 'frontdesk-desktop' })).status).toBe(400);
  });

  it('stats count faults and key requests by route pattern', async () => {
    const before = await stats(sb);
    await setFaults({ resetRate: 1, routes: ['/v1/test-items'] });
    await socketError(fetch(`${sb.url}/v1/test-items/123`));
    await setFaults({});
    expect((await fetch(`${sb.url}/v1/test-items/456`)).status).toBe(200);
    const after = await stats(sb);
    const row = after.requests['GET /v1/test-items/:id']!;
    expect(row.reset).toBe((before.requests['GET /v1/test-items/:id']?.reset ?? 0) + 1);
    expect(row['200']).toBe((before.requests['GET /v1/test-items/:id']?.['200'] ?? 0) + 1);
    expect(Object.keys(after.requests).some((k) => k.includes('456'))).toBe(false);
    expect((after.faultsInjected as { reset: number }).reset).toBe(
      (before.faultsInjected as { reset: number }).reset + 1,
    );
  });

  it('DELETE clears faults', async () => {
    await setFaults({ failRate: 1 });
    expect((await fetch(`${sb.url}/__sandbox/faults`, { method: 'DELETE' })).status).toBe(200);
    expect((await write()).status).toBe(200);
  });
});
