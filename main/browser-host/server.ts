/**
 * The browser host: the same core in Node, the built renderer over HTTP, and the contract over a WebSocket. Every
 * request's Host is checked; a WebSocket is accepted only from the app's own Origin AND with a key of this run (a
 * random secret printed in the URL `npm start` shows, like Jupyter's token), so no other local program or user can
 * drive a signed-in app. A printed key opens one tab: on first use it is swapped for a key of that tab's own, so the
 * address left in the browser's history opens nothing. A page that does not read its replies is disconnected, and a
 * connection that pipelines requests is answered one at a time (bounded memory).
 *
 * The page itself carries no key (it is in the URL's fragment), and any local program can ask for it: so the saved day
 * written into it (main/core/first-screen.ts) goes only to a browser that has opened the WebSocket with a key of this
 * run. Each such upgrade sets this run's pass as an HttpOnly, SameSite=Strict cookie on its 101 answer; a GET of the
 * page that carries the pass gets the first screen, any other the page as built. The pass dies with the host run.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { resolve } from 'node:path';
import { WebSocketServer, type WebSocket } from 'ws';
import { createCore, type FrontdeskCore } from '../core/app-core';
import { FirstScreenDrawings, loadFirstScreenRenderer, pageWithFirstScreen } from '../core/first-screen';
import type { FirstScreenRenderer } from '../../common/first-screen';
import type { FrontdeskConfig } from '../core/config';
import { fail } from '../core/ipc/result';
import type { Clock, Logger } from '../core/platform';
import { buildCsp, securityHeaders } from '../core/security/csp';
import { createNodePlatform } from './node-platform';
import { notModified, readStatic } from '../core/static-files';
import { parseClientMessage, type ClientMessage, type ServerMessage } from '../../common/ws-wire';

/** Options of one browser-host run. */
export interface BrowserHostOptions {
  port: number;
  config: FrontdeskConfig;
  dataDir: string;
  rendererDir: string;
  appVersion: string;
  log?: Logger;
  probe?: { onlineIntervalMs?: number; offlineIntervalMs?: number; timeoutMs?: number };
  /** Sees every WebSocket frame (tests prove no secret crosses the bridge), and each call as it is handed to the core. */
  tap?: (direction: 'to-page' | 'from-page' | 'to-core', text: string) => void;
  /**
   * Called with an address to print: once the host is up, and again with a new one each time the last address given
   * here has opened a tab (each address opens one tab).
   */
  announce?: (url: string, again: boolean) => void;
  /** Backpressure limits (tests use small ones). */
  limits?: Partial<SocketLimits>;
  /** Time source (e2e tests move it forward, e.g. past the 15 minutes a text may wait); the system clock by default. */
  clock?: Clock;
  /**
   * The renderer's drawing of the first screen: the path of its build (`out/first-screen/index.mjs`; no file there, no
   * first screen), or the drawing itself (tests run it from source). Absent: the page is served as built.
   */
  firstScreen?: string | FirstScreenRenderer;
}

/** How much one page may have outstanding before the host stops reading it, or drops it. */
interface SocketLimits {
  /** Calls being answered at once; past this the host stops reading the socket until some are answered. */
  callsInFlight: number;
  /** Bytes of replies the page has not read yet; past this the page is disconnected and its replies dropped. */
  sendBufferBytes: number;
  /** An HTTP connection on which nothing has moved for this long (a reply its client does not read) is closed. */
  stalledHttpMs: number;
}

const DEFAULT_LIMITS: SocketLimits = { callsInFlight: 64, sendBufferBytes: 8 * 1024 * 1024, stalledHttpMs: 60_000 };

/** Requests one connection may have waiting behind the one being answered; past this the connection is closed. */
const MAX_WAITING_REQUESTS = 8;

/** The WebSocket subprotocol the page asks for; its key travels as a second one, `key.<key>`. */
const IPC_PROTOCOL = 'frontdesk';
const KEY_PREFIX = 'key.';
/** Printed keys not used yet, at most (the oldest is forgotten first). */
const MAX_UNUSED_PRINTED_KEYS = 32;
/** Quiet time after the pages' last call or event before the first screen is drawn ahead. */
const FIRST_SCREEN_WARM_MS = 300;

/** The cookie that carries this run's pass; named by the port, as a browser keeps one cookie jar for every port. */
const PASS_COOKIE = 'frontdesk-pass-';

/** A running browser host. */
export interface BrowserHost {
  /**
   * An address that opens one tab: it carries a new printed key in its fragment (never sent to a server). Each read
   * makes a new one; the key is swapped for the tab's own on first use, and then opens nothing.
   */
  readonly url: string;
  /** The origin alone, for building request URLs. */
  origin: string;
  core: FrontdeskCore;
  close(): Promise<void>;
}

const HOST = '127.0.0.1';

/** Starts the HTTP + WebSocket server and the core behind it. */
export async function startBrowserHost(options: BrowserHostOptions): Promise<BrowserHost> {
  const rendererDir = resolve(options.rendererDir);
  // Keys a page may offer: printed ones (each opens one tab) and the tabs' own keys they were swapped for.
  const printedKeys = new Set<string>();
  const tabKeys = new Set<string>();
  let announcedKey = '';
  const newKey = () => randomBytes(32).toString('base64url');
  // This run's pass: a browser that opened the WebSocket with a key holds it (a cookie), and only its GET of the page
  // gets the saved day written in.
  const pass = newKey();
  let firstScreen: FirstScreenRenderer | null = null;
  const printedUrl = () => {
    const key = newKey();
    printedKeys.add(key);
    if (printedKeys.size > MAX_UNUSED_PRINTED_KEYS) printedKeys.delete(printedKeys.values().next().value!);
    return `${origin}/#key=${key}`;
  };
  const announce = (again: boolean) => {
    if (!options.announce) return;
    const url = printedUrl();
    announcedKey = url.slice(url.indexOf('#key=') + 5);
    options.announce(url, again);
  };
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  const sockets = new Set<WebSocket>();
  const send = (ws: WebSocket, message: ServerMessage) => {
    // A reply first sends the events told before it, so it never overtakes them.
    if (message.type !== 'event' && message.type !== 'events') tellPages();
    if (ws.readyState !== ws.OPEN) return;
    if (ws.bufferedAmount > limits.sendBufferBytes) {
      // The page is not reading its replies: drop it (and everything buffered for it) rather than grow without end.
      options.log?.warn('disconnected a page that did not read its replies', { buffered: ws.bufferedAmount });
      ws.terminate();
      return;
    }
    const text = JSON.stringify(message);
    options.tap?.('to-page', text);
    ws.send(text);
  };
  const broadcast = (message: ServerMessage) => {
    for (const socket of sockets) send(socket, message);
  };
  /**
   * The tab whose call core is working on. A link core opens in the browser (the sign-in page) opens from that tab
   * only: every tab open used to open its own copy of the sign-in page.
   */
  const askingTab = new AsyncLocalStorage<WebSocket>();
  // Core's events go to the pages once per turn, together in one frame: a drain tells thousands a second (each write's
  // item and store change as it is sent and as it is answered), and each frame is a task of the page's.
  let told: Array<{ channel: string; payload: unknown }> = [];
  const tellPages = () => {
    const events = told;
    if (events.length === 0) return;
    told = [];
    warmSoon();
    broadcast(events.length === 1 ? { type: 'event', ...events[0]! } : { type: 'events', events });
  };
  const tell = (channel: string, payload: unknown) => {
    told.push({ channel, payload });
    if (told.length === 1) setImmediate(tellPages);
  };
  let core: FrontdeskCore | null = null;
  let ready = false;
  let origin = '';
  let csp = '';

  const server = createServer(
    {
      // A request's headers, and the whole request, must arrive in time; an idle kept-alive connection is closed.
      headersTimeout: 10_000,
      requestTimeout: 30_000,
      keepAliveTimeout: 5_000,
    },
    (req, res) => inTurn(req, res),
  );
  // Without this, a connection that asks for a reply and never reads it stays open for good: each one holds a socket
  // and its buffers, so enough of them would use up the host's files and memory. (A WebSocket clears it on upgrade.)
  server.setTimeout(limits.stalledHttpMs, (socket: Socket) => {
    options.log?.warn('closed a connection whose reply was not read', {});
    socket.destroy();
  });
  // One request at a time per connection, the next one only once the reply has drained to the client: a connection
  // that pipelines requests and never reads its replies cannot make the host read, load or buffer more than one.
  const turns = new WeakMap<Socket, { busy: boolean; waiting: [IncomingMessage, ServerResponse][] }>();
  function inTurn(req: IncomingMessage, res: ServerResponse) {
    const socket = req.socket;
    if (socket.destroyed) return;
    let turn = turns.get(socket);
    if (!turn) turns.set(socket, (turn = { busy: false, waiting: [] }));
    if (!turn.busy) return void serveInTurn(socket, turn, req, res);
    if (turn.waiting.length < MAX_WAITING_REQUESTS) return void turn.waiting.push([req, res]);
    // No browser pipelines this deep: drop the connection with everything it sent.
    options.log?.warn('closed a connection that sent requests without reading the replies', {
      waiting: turn.waiting.length,
    });
    turn.waiting.length = 0;
    socket.destroy();
  }
  async function serveInTurn(
    socket: Socket,
    turn: { busy: boolean; waiting: [IncomingMessage, ServerResponse][] },
    req: IncomingMessage,
    res: ServerResponse,
  ) {
    turn.busy = true;
    for (let next: [IncomingMessage, ServerResponse] | undefined = [req, res]; next; next = turn.waiting.shift()) {
      if (socket.destroyed) break;
      try {
        await serveHttp(...next);
      } catch {
        if (!next[1].headersSent) next[1].writeHead(500, { 'content-type': 'text/plain' }).end('Server error');
      }
      await drained(next[1], socket);
    }
    turn.waiting.length = 0;
    turn.busy = false;
  }
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
    if (
      req.method === 'GET' &&
      req.url === '/' &&
      ready &&
      hasPass(req.headers, port, pass) &&
      (await servedFirstScreen(res))
    )
      return;
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

  // The first screen drawn ahead once the pages are quiet (core keeps the drawing: first-screen.ts
  // FirstScreenDrawings), so the next reload is answered without drawing on this one thread; and drawn again each time
  // the clock puts it out of date while they stay quiet, so a reload after a long quiet finds it drawn too. On core's
  // clock, the one the drawing reads.
  let cancelWarm: (() => void) | null = null;
  let closing = false;
  function warmSoon(): void {
    warmIn(FIRST_SCREEN_WARM_MS);
  }
  function warmIn(ms: number): void {
    if (!firstScreen || sockets.size === 0 || closing || !core) return;
    cancelWarm?.();
    cancelWarm = platform.clock.setTimeout(() => {
      cancelWarm = null;
      if (sockets.size === 0 || closing || !core) return;
      void readStatic(rendererDir, '/')
        .then(
          (file) =>
            file && pageWithFirstScreen(core!, file.body.toString('utf8'), { renderer: firstScreen, rendererDir }),
        )
        .catch(() => undefined) // the page then goes as built, drawn when asked for
        .finally(() => {
          if (!cancelWarm) warmIn(FirstScreenDrawings.outOfDateIn(platform.clock.now()));
        });
    }, ms);
  }

  /** Serves the page with the first screen written in; false (nothing sent) when it goes as built. */
  async function servedFirstScreen(res: ServerResponse): Promise<boolean> {
    const file = await readStatic(rendererDir, '/');
    const page =
      file && (await pageWithFirstScreen(core!, file.body.toString('utf8'), { renderer: firstScreen, rendererDir }));
    if (!page) return false;
    const body = Buffer.from(page.html);
    res.writeHead(200, {
      'content-type': file.type,
      // Patients' names: never in the browser's disk cache.
      'cache-control': 'no-store',
      'content-length': body.length,
      ...securityHeaders(
        buildCsp({ connectSrc: [`ws://${HOST}:${(server.address() as AddressInfo).port}`], styleNonce: page.nonce }),
      ),
    });
    res.end(body);
    return true;
  }

  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: 1024 * 1024,
    handleProtocols: (protocols) => (protocols.has(IPC_PROTOCOL) ? IPC_PROTOCOL : false),
  });
  // Every WebSocket accepted (its key checked above) leaves this run's pass in the browser for the page's next GET.
  wss.on('headers', (headers) => {
    const port = (server.address() as AddressInfo).port;
    headers.push(`Set-Cookie: ${PASS_COOKIE}${port}=${pass}; HttpOnly; SameSite=Strict; Path=/`);
  });
  server.on('upgrade', (req, socket, head) => {
    const port = (server.address() as AddressInfo).port;
    let offered: string | null = null;
    const refusal =
      req.headers.host !== `${HOST}:${port}`
        ? 'wrong Host'
        : req.headers.origin !== origin
          ? 'untrusted Origin'
          : req.url !== '/ipc'
            ? 'wrong path'
            : !(offered = knownKey(req.headers['sec-websocket-protocol'], printedKeys, tabKeys))
              ? 'missing or wrong key'
              : null;
    if (refusal) {
      // Never the key itself: only whether one was offered.
      options.log?.warn('refused a WebSocket', {
        reason: refusal,
        origin: req.headers.origin ?? null,
        host: req.headers.host ?? null,
      });
      socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
      return;
    }
    // A printed key is spent here, before the page has its own: it opens this tab and nothing after.
    const printed = printedKeys.delete(offered!);
    const tabKey = printed ? newKey() : offered!;
    if (printed) tabKeys.add(tabKey);
    if (printed && offered === announcedKey) announce(true);
    wss.handleUpgrade(req, socket, head, (ws) => {
      attach(ws, req.headers.origin ?? null);
      if (printed) send(ws, { type: 'tab-key', key: tabKey });
    });
  });

  function attach(ws: WebSocket, pageOrigin: string | null) {
    sockets.add(ws);
    // Calls handed to the core and not yet answered, at most `limits.callsInFlight`. Past that the host stops reading
    // the socket (TCP pushes back on the page); frames already read in the same chunk wait here, in order.
    let inFlight = 0;
    let paused = false;
    const waiting: ClientMessage[] = [];
    ws.on('close', () => {
      sockets.delete(ws);
      waiting.length = 0;
    });
    ws.on('error', () => sockets.delete(ws));
    const run = (message: ClientMessage) => {
      inFlight++;
      options.tap?.('to-core', message.channel);
      void askingTab
        .run(ws, () => core!.dispatch(message.channel, message.args, { url: pageOrigin, isMainFrame: true }))
        .then((result) => send(ws, { type: 'result', id: message.id, result }))
        .finally(answered);
    };
    const answered = () => {
      inFlight--;
      warmSoon();
      while (waiting.length > 0 && inFlight < limits.callsInFlight) run(waiting.shift()!);
      if (paused && waiting.length === 0 && inFlight < limits.callsInFlight) {
        paused = false;
        ws.resume();
      }
    };
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
          result: fail('internal', 'Frontdesk is still starting. Please try again in a moment.'),
        });
        return;
      }
      if (inFlight < limits.callsInFlight && waiting.length === 0) run(message);
      else waiting.push(message);
      if (inFlight >= limits.callsInFlight && !paused) {
        paused = true;
        ws.pause();
      }
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
    openUrl: (url) => {
      const tab = askingTab.getStore();
      // Asked by a tab still open: that tab opens it. Else (core opening one of its own accord) every tab is told.
      if (tab && sockets.has(tab)) send(tab, { type: 'event', channel: 'shell:open-url', payload: { url } });
      else core?.events.emit('shell:open-url', { url });
    },
    ...(options.log ? { log: options.log } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
  });
  // A browser cannot claim a custom URL scheme: the browser host always signs in through loopback.
  const config = { ...options.config, forceLoopback: true };
  core = createCore(platform, config, { trustedOrigin: origin, ...(options.probe ? { probe: options.probe } : {}) });
  core.events.attach(tell);
  // The drawing loads beside core's start (a module of its own, a few hundred kB to read and compile).
  const drawing =
    typeof options.firstScreen === 'string'
      ? loadFirstScreenRenderer(options.firstScreen, platform.log)
      : Promise.resolve(options.firstScreen ?? null);
  await core.start();
  firstScreen = await drawing;
  ready = true;
  announce(false);

  return {
    get url() {
      return printedUrl();
    },
    origin,
    core,
    close: async () => {
      closing = true;
      cancelWarm?.();
      await core?.stop();
      for (const socket of sockets) socket.terminate();
      wss.close();
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}

/** Resolves once `res` is handed to the socket and the socket has sent it on (or either is gone). */
async function drained(res: ServerResponse, socket: Socket): Promise<void> {
  if (!res.writableFinished && !res.destroyed) await firstOf(res, ['finish', 'close']);
  if (!socket.destroyed && socket.writableNeedDrain) await firstOf(socket, ['drain', 'close']);
}

/** Resolves on the first of `events`, leaving no listener behind. */
function firstOf(emitter: NodeJS.EventEmitter, events: string[]): Promise<void> {
  return new Promise((done) => {
    const end = () => {
      for (const event of events) emitter.off(event, end);
      done();
    };
    for (const event of events) emitter.on(event, end);
  });
}

/** True when the request carries this run's pass in its cookie (compared in constant time). */
function hasPass(headers: IncomingHttpHeaders, port: number, pass: string): boolean {
  const name = `${PASS_COOKIE}${port}=`;
  const expected = Buffer.from(pass);
  let found = false;
  for (const cookie of (headers.cookie ?? '').split(';')) {
    const trimmed = cookie.trim();
    if (!trimmed.startsWith(name)) continue;
    const given = Buffer.from(trimmed.slice(name.length));
    if (given.length === expected.length && timingSafeEqual(given, expected)) found = true;
  }
  return found;
}

/**
 * The key among the offered subprotocols that is one of this run's (printed or a tab's), or null; each is compared
 * in constant time.
 */
function knownKey(offered: string | undefined, ...keys: Set<string>[]): string | null {
  let found: string | null = null;
  for (const protocol of (offered ?? '').split(',')) {
    const given = Buffer.from(protocol.trim());
    for (const set of keys)
      for (const key of set) {
        const expected = Buffer.from(`${KEY_PREFIX}${key}`);
        if (given.length === expected.length && timingSafeEqual(given, expected)) found = key;
      }
  }
  return found;
}
