/** The browser host carries the contract over a WebSocket whose origin and host are checked. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startBrowserHost, type BrowserHost } from '../../../main/browser-host/server';
import { loadConfig } from '../../../main/core/config';
import type { Connectivity, Result } from '../../../preload/contract';
import { memoryLogger, tempDir } from '../../support/core-fixture';
import { toggleServer } from '../../support/toggle-server';
import { waitFor } from '../../support/wait';

let host: BrowserHost;
let service: Awaited<ReturnType<typeof toggleServer>>;
let cleanup: () => void;
const log = memoryLogger();

beforeAll(async () => {
  service = await toggleServer();
  const t = tempDir();
  cleanup = t.cleanup;
  const rendererDir = join(t.dir, 'renderer');
  mkdirSync(rendererDir);
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Frontdesk</title>');
  writeFileSync(join(t.dir, 'secret.txt'), 'outside');
  host = await startBrowserHost({
    port: 0,
    config: loadConfig({ env: {}, overrides: { serviceUrl: service.url(), portalUrl: service.url() } }),
    dataDir: join(t.dir, 'data'),
    rendererDir,
    appVersion: '9.9.9',
    log,
    probe: { onlineIntervalMs: 200, offlineIntervalMs: 100, timeoutMs: 1000 },
  });
});
afterAll(async () => {
  await host.close();
  await service.stop();
  cleanup();
});

function connect(origin: string, path = '/ipc'): Promise<{ ws: WebSocket; messages: unknown[] }> {
  const ws = new WebSocket(`${host.url.replace('http', 'ws').replace(/\/$/, '')}${path}`, { origin });
  const messages: unknown[] = [];
  ws.on('message', (d) => messages.push(JSON.parse(String(d))));
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve({ ws, messages }));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.once('error', reject);
  });
}

async function call(
  ws: WebSocket,
  messages: unknown[],
  id: number,
  channel: string,
  args?: unknown,
): Promise<Result<unknown>> {
  ws.send(JSON.stringify({ type: 'invoke', id, channel, args }));
  const reply = await waitFor(
    () => messages.find((m) => (m as { id?: number }).id === id) as { result: Result<unknown> } | undefined,
    { what: `reply ${id}` },
  );
  return reply.result;
}

describe('browser host', () => {
  const origin = () => host.url.replace(/\/$/, '');

  it('serves the renderer with the CSP and security headers', async () => {
    const res = await fetch(host.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toMatch(/script-src 'self';/);
    expect(res.headers.get('content-security-policy')).toContain(`connect-src 'self' ws://127.0.0.1:`);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('never serves files outside the renderer folder', async () => {
    for (const path of ['/../secret.txt', '/%2e%2e/secret.txt', '/..%2fsecret.txt', '/%00']) {
      const res = await fetch(`${origin()}${path}`);
      expect(res.status, path).toBe(404);
    }
  });

  it('answers app:info and connectivity over the WebSocket, and pushes connectivity changes', async () => {
    const { ws, messages } = await connect(origin());
    const info = await call(ws, messages, 1, 'app:info');
    expect(info).toEqual({
      ok: true,
      value: expect.objectContaining({
        name: 'Frontdesk',
        mode: 'browser',
        version: '9.9.9',
        serviceUrl: service.url(),
      }),
    });
    await waitFor(
      async () =>
        ((await call(ws, messages, Date.now(), 'app:connectivity')) as { value: Connectivity }).value.state ===
        'online',
    );

    await service.stop();
    await waitFor(
      () =>
        messages.some(
          (m) =>
            (m as { channel?: string; payload?: Connectivity }).channel === 'connectivity:changed' &&
            (m as { payload: Connectivity }).payload.state === 'offline',
        ),
      { what: 'offline event' },
    );
    await service.start();
    const checked = await call(ws, messages, 2, 'app:check-connectivity');
    expect(checked).toMatchObject({ ok: true, value: { state: 'online' } });
    ws.close();
  });

  it('refuses a WebSocket from another origin, a look-alike, or no origin', async () => {
    await expect(connect('http://evil.example')).rejects.toThrow(/403/);
    await expect(connect('http://127.0.0.1:1')).rejects.toThrow(/403/);
    await expect(connect('null')).rejects.toThrow(/403/);
    await expect(connect(origin(), '/other')).rejects.toThrow(/403/);
    expect(log.lines.some((l) => l.includes('refused a WebSocket'))).toBe(true);
  });

  it('refuses requests for another Host name (DNS rebinding)', async () => {
    const { request } = await import('node:http');
    const status = await new Promise<number>((resolve) => {
      request(host.url, { headers: { host: 'attacker.example' } }, (res) => resolve(res.statusCode ?? 0)).end();
    });
    expect(status).toBe(421);
  });

  it('answers garbage frames and bad args with errors, and keeps serving', async () => {
    const { ws, messages } = await connect(origin());
    ws.send('not json');
    ws.send(JSON.stringify({ type: 'invoke', id: 'x' }));
    await waitFor(() => messages.filter((m) => (m as { type: string }).type === 'protocol-error').length === 2);
    expect(await call(ws, messages, 7, 'app:nope')).toMatchObject({ ok: false, error: { code: 'unknown_channel' } });
    expect(await call(ws, messages, 8, 'app:info', { a: 1 })).toMatchObject({
      ok: false,
      error: { code: 'validation' },
    });
    expect(await call(ws, messages, 9, 'app:info')).toMatchObject({ ok: true });
    ws.close();
  });
});
