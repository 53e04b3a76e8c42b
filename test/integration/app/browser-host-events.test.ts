/**
 * The browser host sends core's events to the page once per turn, together in one frame (main/browser-host/server.ts):
 * a drain tells thousands a second, and each frame is a task of the page's. Counted here: frames per event told in one
 * turn; every event arrives once, in order; a reply never overtakes the events told before it.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { ServerMessage } from '../../../common/ws-wire';
import { startBrowserHost, type BrowserHost } from '../../../main/browser-host/server';
import { loadConfig } from '../../../main/core/config';
import { memoryLogger, tempDir } from '../../support/core-fixture';
import { toggleServer } from '../../support/toggle-server';
import { waitFor } from '../../support/wait';

let host: BrowserHost;
let service: Awaited<ReturnType<typeof toggleServer>>;
let cleanup: () => void;
/** Events core tells as the host hands a call to it (so they are told in the turn the call is answered in). */
let tellOnCall: Array<[string, unknown]> = [];

beforeAll(async () => {
  service = await toggleServer();
  const t = tempDir();
  cleanup = t.cleanup;
  const rendererDir = join(t.dir, 'renderer');
  mkdirSync(rendererDir);
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Frontdesk</title>');
  host = await startBrowserHost({
    port: 0,
    config: loadConfig({ env: {}, overrides: { serviceUrl: service.url(), portalUrl: service.url() } }),
    dataDir: join(t.dir, 'data'),
    rendererDir,
    appVersion: '9.9.9',
    log: memoryLogger(),
    tap: (direction) => {
      if (direction !== 'to-core') return;
      for (const [channel, payload] of tellOnCall.splice(0))
        host.core.events.emit(channel as 'outbox:changed', payload as never);
    },
  });
});
afterAll(async () => {
  await host.close();
  await service.stop();
  cleanup();
});

async function page(): Promise<{ ws: WebSocket; frames: ServerMessage[] }> {
  const key = /#key=(.+)$/.exec(host.url)?.[1] ?? '';
  const ws = new WebSocket(`${host.origin.replace('http', 'ws')}/ipc`, ['frontdesk', `key.${key}`], {
    origin: host.origin,
  });
  const frames: ServerMessage[] = [];
  ws.on('message', (d) => frames.push(JSON.parse(String(d)) as ServerMessage));
  await new Promise((ok, fail) => ws.once('open', ok).once('error', fail));
  await waitFor(() => frames.some((f) => f.type === 'tab-key'), { what: 'the tab’s key' });
  frames.length = 0;
  return { ws, frames };
}

/** The events of the frames, in the order they came. */
const eventsOf = (frames: ServerMessage[]) =>
  frames.flatMap((f) => (f.type === 'event' ? [f.payload] : f.type === 'events' ? f.events.map((e) => e.payload) : []));

describe('core’s events to the page', () => {
  it('go in one frame per turn: a thousand told at once are one frame, every one in order', async () => {
    const { ws, frames } = await page();
    const told = Array.from({ length: 1000 }, (_, i) => ({ n: i }));
    for (const payload of told) host.core.events.emit('outbox:changed', payload as never);
    await waitFor(() => eventsOf(frames).length === told.length, { what: 'the events' });
    expect(eventsOf(frames)).toEqual(told);
    // One frame per event would be 1,000.
    expect(frames).toHaveLength(1);
    // One told alone is a frame of its own, as before.
    host.core.events.emit('outbox:changed', { n: 'alone' } as never);
    await waitFor(() => frames.length === 2, { what: 'the lone event' });
    expect(frames[1]).toEqual({ type: 'event', channel: 'outbox:changed', payload: { n: 'alone' } });
    ws.close();
  });

  it('send the events told before a reply ahead of it', async () => {
    const { ws, frames } = await page();
    tellOnCall = [
      ['outbox:changed', { before: 1 }],
      ['outbox:changed', { before: 2 }],
    ];
    ws.send(JSON.stringify({ type: 'invoke', id: 1, channel: 'app:info' }));
    await waitFor(() => frames.some((f) => f.type === 'result'), { what: 'the reply' });
    const reply = frames.findIndex((f) => f.type === 'result');
    expect(eventsOf(frames.slice(0, reply))).toEqual([{ before: 1 }, { before: 2 }]);
    ws.close();
  });
});
