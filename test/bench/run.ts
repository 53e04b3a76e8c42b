/**
 * `npm run bench`: medians of what a receptionist feels, measured against the sandbox over real
 * HTTP: a bridge round trip through the browser host, a day of appointments, the sandbox seed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import WebSocket from 'ws';
import { startBrowserHost } from '../../main/browser-host/server';
import { loadConfig } from '../../main/core/config';
import { createApiModule } from '../sandbox/api/index';
import { startSandbox } from '../sandbox/index';
import { measure, report, type Figure } from './measure';
import { outboxFigures } from './outbox-bench';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

async function main(): Promise<void> {
  const sandbox = await startSandbox({ port: 0 });
  const dataDir = mkdtempSync(join(tmpdir(), 'frontdesk-bench-'));
  const host = await startBrowserHost({
    port: 0,
    config: loadConfig({ env: {}, overrides: { serviceUrl: sandbox.url, portalUrl: sandbox.url } }),
    dataDir,
    rendererDir: resolve(__dirname, '../../out/renderer'),
    appVersion: 'bench',
    log: quiet,
  });
  const origin = host.url.replace(/\/$/, '');
  const ws = new WebSocket(`${origin.replace('http', 'ws')}/ipc`, { origin });
  await new Promise((ok) => ws.once('open', ok));
  let id = 0;
  const call = (channel: string) =>
    new Promise<void>((done) => {
      const mine = ++id;
      const onMessage = (data: WebSocket.RawData) => {
        if ((JSON.parse(String(data)) as { id?: number }).id === mine) {
          ws.off('message', onMessage);
          done();
        }
      };
      ws.on('message', onMessage);
      ws.send(JSON.stringify({ type: 'invoke', id: mine, channel }));
    });
  const owner = sandbox.users.find((u) => u.email === 'owner@frontdesk.test')!;
  const basic = `Basic ${Buffer.from(`${owner.email}:${owner.apiKey}`).toString('base64')}`;
  const day = new Date();
  day.setDate(day.getDate() + ((8 - day.getDay()) % 7 || 7)); // next Monday
  const begin = new Date(day.setHours(0, 0, 0, 0)).toISOString();
  const end = new Date(day.setHours(23, 59, 59, 999)).toISOString();
  const figures: Figure[] = [
    await measure('bridge round trip (browser host, app:info)', () => call('app:info'), 200, 20),
    await measure('GET /v1/events, one day, page_size 200', async () => {
      const res = await fetch(
        `${sandbox.url}/v1/events?begin=${encodeURIComponent(begin)}&end=${encodeURIComponent(end)}&page_size=200`,
        { headers: { authorization: basic } },
      );
      await res.arrayBuffer();
    }),
    await measure('sandbox seed (300 contacts, 600 events)', () => createApiModule(sandbox.ctx).reset(), 20),
  ];
  const outbox = await outboxFigures(sandbox);
  figures.push(...outbox.figures);
  console.log(report(figures));
  for (const line of outbox.lines) console.log(line);
  ws.close();
  await host.close();
  await sandbox.close();
  rmSync(dataDir, { recursive: true, force: true });
}

void main();
