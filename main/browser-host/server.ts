/**
 * The browser host: the same core in Node, the built renderer over HTTP, and the contract
 * over a WebSocket whose Origin (and every request's Host) is checked.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { WebSocketServer, type WebSocket } from 'ws';
import { createCore, type FrontdeskCore } from '../core/app-core';
import type { FrontdeskConfig } from '../core/config';
import type { Logger } from '../core/platform';
import { buildCsp, securityHeaders } from '../core/security/csp';
import { createNodePlatform } from './node-platform';
import { notModified, readStatic } from '../core/static-files';
import { parseClientMessage, type ServerMessage } from '../../preload/ws-wire';

/** Options of one browser-host run. */
export interface BrowserHostOptions {
  port: number;
  config: FrontdeskConfig;
  dataDir: string;
  rendererDir: string;
  appVersion: string;
  log?: Logger;
  probe?: { onlineIntervalMs?: number; offlineIntervalMs?: number; timeoutMs?: number };
  /** Sees every WebSocket frame (tests prove no secret crosses the bridge). */
  tap?: (direction: 'to-page' | 'from-page', text: string) => void;
}

/** A running browser host. */
export interface BrowserHost {
  url: string;
  core: FrontdeskCore;
  close(): Promise<void>;
}

const HOST = '127.0.0.1';

/** Starts the HTTP + WebSocket server and the core behind it. */
export async function startBrowserHost(options: BrowserHostOptions): Promise<BrowserHost> {
  const rendererDir = resolve(options.rendererDir);
  const sockets = new Set<WebSocket>();
  const send = (ws: WebSocket, message: ServerMessage) => {
    const text = JSON.stringify(message);
    options.tap?.('to-page', text);
    if (ws.readyState === ws.OPEN) ws.send(text);
  };
  const broadcast = (message: ServerMessage) => {
    for (const socket of sockets) send(socket, message);
  };
  let core: FrontdeskCore | null = null;
  let ready = false;
  let origin = '';
  let csp = '';

  const server = createServer((req, res) => void serveHttp(req, res));
  async function serveHttp(req: IncomingMessage, res: ServerResponse) {
    const port = (server.address() as AddressInfo).port;
    const host = req.headers.host ?? '';
    if (host === `localhost:${port}`) {
      res.writeHead(308, { location: `${origin}${req.url ?? '/'}` }).end();
      return;
    }
    if (host !== `${HOST}:${port}`) {
      res.writeHead(421, { 'content-type': 'text/plain' }).end('Misdirected request');
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    const file = await readStatic(rendererDir, req.url ?? '/', String(req.headers['accept-encoding'] ?? ''));
    if (!file) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
      return;
    }
    const headers = {
      'content-type': file.type,
      'cache-control': file.cacheControl,
      etag: file.etag,
      vary: 'accept-encoding',
      ...(file.encoding ? { 'content-encoding': file.encoding } : {}),
      ...securityHeaders(csp),
    };
    if (notModified(req.headers['if-none-match'], file.etag)) {
      res.writeHead(304, headers).end();
      return;
    }
    res.writeHead(200, { ...headers, 'content-length': file.body.length });
    res.end(req.method === 'HEAD' ? undefined : file.body);
  }

  const wss = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 });
  server.on('upgrade', (req, socket, head) => {
    const port = (server.address() as AddressInfo).port;
    const okOrigin = req.headers.origin === origin;
    const okHost = req.headers.host === `${HOST}:${port}`;
    if (!okOrigin || !okHost || req.url !== '/ipc') {
      options.log?.warn('refused a WebSocket from an untrusted origin', { origin: req.headers.origin ?? null });
      socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => attach(ws, req.headers.origin ?? null));
  });

  function attach(ws: WebSocket, pageOrigin: string | null) {
    sockets.add(ws);
    ws.on('close', () => sockets.delete(ws));
    ws.on('error', () => sockets.delete(ws));
    ws.on('message', (data, isBinary) => {
      if (isBinary) return;
      options.tap?.('from-page', String(data));
      const message = parseClientMessage(String(data));
      if (!message) {
        send(ws, { type: 'protocol-error', message: 'unreadable message' });
        return;
      }
      if (!ready) {
        send(ws, {
          type: 'result',
          id: message.id,
          result: {
            ok: false,
            error: { code: 'internal', message: 'Frontdesk is still starting. Please try again in a moment.' },
          },
        });
        return;
      }
      void core!
        .dispatch(message.channel, message.args, { url: pageOrigin, isMainFrame: true })
        .then((result) => send(ws, { type: 'result', id: message.id, result }));
    });
  }

  await new Promise<void>((done, failed) => {
    server.once('error', failed);
    server.listen(options.port, HOST, () => done());
  });
  const port = (server.address() as AddressInfo).port;
  origin = `http://${HOST}:${port}`;
  csp = buildCsp({ connectSrc: [`ws://${HOST}:${port}`] });

  const platform = createNodePlatform({
    dataDir: options.dataDir,
    appVersion: options.appVersion,
    openUrl: (url) => core?.events.emit('shell:open-url', { url }),
    ...(options.log ? { log: options.log } : {}),
  });
  // A browser cannot claim a custom URL scheme: the browser host always signs in through loopback.
  const config = { ...options.config, forceLoopback: true };
  core = createCore(platform, config, { trustedOrigin: origin, ...(options.probe ? { probe: options.probe } : {}) });
  core.events.attach((channel, payload) => broadcast({ type: 'event', channel, payload }));
  await core.start();
  ready = true;

  return {
    url: `${origin}/`,
    core,
    close: async () => {
      await core?.stop();
      for (const socket of sockets) socket.terminate();
      wss.close();
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}
