/**
 * The browser host writes the saved day into the page it serves (main/core/first-screen.ts, drawn by the renderer's
 * own renderer/first-screen/), for a browser that holds this run's pass alone: the cookie an accepted WebSocket leaves
 * (main/browser-host/server.ts). Against the real sandbox over HTTP: no service request while the page is made; the
 * day drawn is the one `calendar:range` with `savedFirst` then answers, a change waiting laid over; a hostile
 * calendar name and appointment title from the service are text, never markup; without the pass, with a forged one,
 * or signed out, the page as built, byte for byte.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { Agenda, AgendaItem } from '../../../common/contract';
import type { FirstScreenInput, FirstScreenRenderer } from '../../../common/first-screen';
import { startBrowserHost, type BrowserHost } from '../../../main/browser-host/server';
import { loadConfig } from '../../../main/core/config';
import { firstScreen } from '../../../renderer/first-screen/index';
import { createApiModule } from '../../sandbox/api/index';
import { startSandbox, type Sandbox } from '../../sandbox/index';
import { assertContractKept } from '../../sandbox/strict';
import { admin, varyFromEnv } from '../../support/auth-fixture';
import { call, signedInCore, useLogOnFailure, waitForOp } from '../../support/bootstrap';
import { memoryLogger, tempDir } from '../../support/core-fixture';
import { fakeClock } from '../../support/fake-clock';
import { waitFor } from '../../support/wait';

/** What a hostile service could name a calendar, and an appointment. */
const HOSTILE_NAME = '</style><script>alert(1)</script><img src=x onerror="alert(2)">"\'&{}</div>';
const HOSTILE_TITLE = '</div></div><style>*{display:none}</style><script src="//x"></script>Check-up';

/** The page as the renderer's build writes it (its own script and stylesheet, the root the app renders into). */
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Frontdesk</title>
    <script type="module" crossorigin src="./assets/index-BcpqN1uZ.js"></script>
    <link rel="stylesheet" crossorigin href="./assets/index-DV_Li-xs.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

let sb: Sandbox;
let host: BrowserHost;
let rendererDir: string;
let cleanup: () => void;
const log = memoryLogger();
/** The host's clock: the real time until a test moves it on. */
const clock = fakeClock();
/** What the drawing was last asked to draw. */
const drawn: FirstScreenInput[] = [];
const recording: FirstScreenRenderer = {
  range: (status, now) => firstScreen.range(status, now),
  render: (input) => {
    drawn.push(input);
    return firstScreen.render(input);
  },
};
let range: { begin: string; end: string };
let appointment: AgendaItem;

/** The first calendar's id, as the sandbox seeds it. */
const HOSTILE_CALENDAR = 1001;

/** Names the first calendar hostilely wherever the service names it (its list, and its events' `calendar_name`). */
function hostileCalendar(app: FastifyInstance): void {
  const rename = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(rename);
    if (!value || typeof value !== 'object') return;
    const record = value as Record<string, unknown>;
    if (record.calendar_id === HOSTILE_CALENDAR && 'calendar_name' in record) record.calendar_name = HOSTILE_NAME;
    if (record.id === HOSTILE_CALENDAR && 'time_zone' in record) record.name = HOSTILE_NAME;
    Object.values(record).forEach(rename);
  };
  app.addHook('onSend', async (req, _reply, payload) => {
    if (req.method !== 'GET' || !/^\/v1\/(calendars|events)/.test(req.url) || typeof payload !== 'string')
      return payload;
    const body: unknown = JSON.parse(payload);
    rename(body);
    return JSON.stringify(body);
  });
}

beforeAll(async () => {
  sb = await startSandbox(
    { port: 0, contacts: 5, events: 5, fields: 'strict', vary: varyFromEnv() },
    {
      createApi: (ctx) => {
        const api = createApiModule(ctx);
        return {
          register: (app) => {
            hostileCalendar(app);
            api.register(app);
          },
          reset: () => api.reset(),
        };
      },
    },
  );
  const t = tempDir();
  cleanup = t.cleanup;
  const dataDir = join(t.dir, 'data');
  rendererDir = join(t.dir, 'renderer');
  mkdirSync(join(rendererDir, 'assets'), { recursive: true });
  writeFileSync(join(rendererDir, 'index.html'), INDEX_HTML);
  // A workstation that used the app before: signed in, the calendar list and today's day read and saved.
  const before = await signedInCore(sb, { readAhead: false, core: { dataDir } });
  try {
    const calendars = await call(before, 'calendar:calendars');
    expect(calendars.calendars.find((c) => c.id === HOSTILE_CALENDAR)?.name).toBe(HOSTILE_NAME);
    range = firstScreen.range(before.core.auth.status(), Date.now())!;
    expect(range).not.toBeNull();
    const start = Date.parse(range.begin) + 10 * 3600_000;
    const op = await call(before, 'calendar:create', {
      calendarId: HOSTILE_CALENDAR,
      title: HOSTILE_TITLE,
      start: new Date(start).toISOString(),
      end: new Date(start + 30 * 60_000).toISOString(),
      participants: [{ name: 'Ada Lovelace', phone: '(312) 555-0100' }],
    });
    const id = (await waitForOp(before, op.id)).result!.id!;
    appointment = (await call(before, 'calendar:range', range)).items.find((i) => i.id === id)!;
    expect(appointment.calendarName).toBe(HOSTILE_NAME);
  } finally {
    await before.cleanup();
  }
  host = await startBrowserHost({
    port: 0,
    config: loadConfig({ env: {}, overrides: { serviceUrl: sb.url, portalUrl: sb.url } }),
    dataDir,
    rendererDir,
    appVersion: '9.9.9',
    log,
    probe: { onlineIntervalMs: 60_000, offlineIntervalMs: 60_000, timeoutMs: 1000 },
    firstScreen: recording,
    clock,
  });
  await waitFor(() => host.core.auth.status().account?.zone, { what: 'the practice’s zone, as saved' });
  // Nothing in the background reads meanwhile: every request the sandbox counts below would be the page's.
  await host.core.prefetch.stop();
  await host.core.messages.stop();
}, 60_000);
afterAll(async () => {
  await host?.close();
  await sb?.close();
  cleanup?.();
  if (sb) assertContractKept(sb.fields);
});
useLogOnFailure(() => ({ log }));

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** GET `path` from the host, with `cookie` when given. */
function get(path: string, cookie?: string): Promise<Answer> {
  return new Promise((done, failed) => {
    httpGet(`${host.origin}${path}`, { headers: cookie ? { cookie } : {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', failed);
  });
}

/** Opens the WebSocket as the page does (a printed key) and gives the cookie its 101 answer set. */
async function pass(): Promise<string[]> {
  const key = /#key=(.+)$/.exec(host.url)?.[1] ?? '';
  const ws = new WebSocket(`${host.origin.replace('http', 'ws')}/ipc`, ['frontdesk', `key.${key}`], {
    origin: host.origin,
  });
  const cookies = new Promise<string[]>((done) => ws.once('upgrade', (res) => done(res.headers['set-cookie'] ?? [])));
  await new Promise((ok, fail) => ws.once('open', ok).once('error', fail));
  ws.close();
  return cookies;
}

/** The cookie header a browser would send back for `setCookie`. */
const cookieOf = (setCookie: string) => setCookie.split(';')[0]!;

/** Requests the sandbox has answered, all routes. */
async function served(): Promise<number> {
  const { requests } = await admin(sb).stats();
  return Object.values(requests).reduce((n, byStatus) => n + Object.values(byStatus).reduce((a, b) => a + b, 0), 0);
}

/** The page as a browser parses it. */
const parse = (html: string) => new JSDOM(html).window.document;

const built = () => readFileSync(join(rendererDir, 'index.html'));

describe('the saved day in the page the browser host serves', () => {
  it('is written for a browser holding the pass, with no service request, never cached, its style by nonce', async () => {
    const [setCookie, ...others] = await pass();
    expect(others).toEqual([]);
    expect(setCookie).toMatch(/^frontdesk-pass-\d+=[A-Za-z0-9_-]{43}; HttpOnly; SameSite=Strict; Path=\/$/);
    const before = await served();
    const page = await get('/', cookieOf(setCookie!));
    expect(await served()).toBe(before);
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers.etag).toBeUndefined();
    const html = page.body.toString('utf8');
    const doc = parse(html);
    const screen = doc.getElementById('first-screen')!;
    expect(screen.hasAttribute('inert')).toBe(true);
    expect(screen.getAttribute('aria-hidden')).toBe('true');
    expect(screen.nextElementSibling?.id).toBe('root');
    expect(screen.textContent).toContain('Ada Lovelace');
    // The CSP allows this response's one <style>, by its nonce, and nothing inline beside it.
    const csp = String(page.headers['content-security-policy']);
    const styles = [...doc.querySelectorAll('style')];
    expect(styles).toHaveLength(1);
    expect(csp).toContain(`'nonce-${styles[0]!.getAttribute('nonce')}'`);
    expect(csp).not.toContain('unsafe-inline');
    // A second page has a nonce of its own.
    const again = await get('/', cookieOf(setCookie!));
    expect(String(again.headers['content-security-policy'])).not.toBe(csp);
  });

  it('draws the day `calendar:range` with savedFirst answers, a change waiting laid over', async () => {
    const mark = await host.core.dispatch(
      'calendar:mark',
      { eventId: appointment.id, state: 'arrived', startsAt: appointment.start, undoable: true },
      { url: host.origin, isMainFrame: true },
    );
    expect(mark.ok).toBe(true);
    const [setCookie] = await pass();
    drawn.length = 0;
    const before = await served();
    const page = await get('/', cookieOf(setCookie!));
    expect(await served()).toBe(before);
    expect(page.headers['cache-control']).toBe('no-store');
    const shown = await host.core.dispatch(
      'calendar:range',
      { ...range, savedFirst: true },
      { url: host.origin, isMainFrame: true },
    );
    expect(shown.ok).toBe(true);
    const answer = (shown as { value: Agenda }).value;
    expect(drawn).toHaveLength(1);
    expect(drawn[0]!.agenda).toEqual(answer);
    expect(drawn[0]!.agenda.items.find((i) => i.id === appointment.id)?.pendingMark).toBe('arrived');
    // The header's About and the status bar as the app's first paint has them: core's install facts and connection.
    const facts = (ask: 'app:info' | 'app:connectivity') =>
      host.core.dispatch(ask, undefined, { url: host.origin, isMainFrame: true });
    expect(drawn[0]!.info).toEqual(((await facts('app:info')) as { value: unknown }).value);
    expect(drawn[0]!.connectivity?.state).toBe(
      ((await facts('app:connectivity')) as { value: { state: string } }).value.state,
    );
  });

  it('shows a hostile calendar name and title as text: no markup, no script, no style added', async () => {
    const [setCookie] = await pass();
    const html = (await get('/', cookieOf(setCookie!))).body.toString('utf8');
    const doc = parse(html);
    const screen = doc.getElementById('first-screen')!;
    expect(screen.textContent).toContain(HOSTILE_NAME);
    // Only the page's own script, and the one <style> with the nonce; nothing in the screen runs or loads.
    expect([...doc.querySelectorAll('script')].map((s) => s.getAttribute('src'))).toEqual([
      './assets/index-BcpqN1uZ.js',
    ]);
    expect(doc.querySelectorAll('style')).toHaveLength(1);
    expect(doc.querySelector('style')!.textContent).not.toContain('<');
    expect(screen.querySelectorAll('script, style, img, link, iframe, object, embed, meta, base, form')).toHaveLength(
      0,
    );
    for (const el of screen.querySelectorAll('*'))
      for (const attr of el.getAttributeNames()) expect(attr, `${el.tagName} ${attr}`).not.toMatch(/^on|^style$/);
    // The root the app renders into is still the page's, after the screen.
    expect(doc.querySelectorAll('#root')).toHaveLength(1);
    expect(doc.getElementById('root')!.parentElement).toBe(doc.body);
  });

  it('is the page as built without the pass, with a forged one, or with the pass under another port’s name', async () => {
    const [setCookie] = await pass();
    const [name, value] = cookieOf(setCookie!).split('=') as [string, string];
    const forged = `${name}=${Buffer.from(value, 'base64url').reverse().toString('base64url')}`;
    const otherPort = `frontdesk-pass-1=${value}`;
    for (const cookie of [undefined, forged, otherPort, `${name}=`, `${name}=${value}x`]) {
      const page = await get('/', cookie);
      expect(page.body.equals(built()), String(cookie)).toBe(true);
      expect(page.headers['cache-control'], String(cookie)).toBe('no-cache');
    }
    // Only the page itself: another path with the pass is the file as ever.
    expect((await get('/index.html', cookieOf(setCookie!))).body.equals(built())).toBe(true);
  });

  it('is drawn ahead while a page holding the pass is open and quiet, and again as the clock puts it out of date', async () => {
    const key = /#key=(.+)$/.exec(host.url)?.[1] ?? '';
    const ws = new WebSocket(`${host.origin.replace('http', 'ws')}/ipc`, ['frontdesk', `key.${key}`], {
      origin: host.origin,
    });
    await new Promise((ok, fail) => ws.once('open', ok).once('error', fail));
    try {
      const { counts } = host.core.firstScreen.drawings!;
      const before = counts.drawn + counts.reused;
      ws.send(JSON.stringify({ type: 'invoke', id: 1, channel: 'app:info' }));
      // No page asked for: the host draws once the page's last call has been quiet a moment, so a reload finds it drawn.
      await waitFor(() => counts.drawn + counts.reused > before, { what: 'the first screen drawn ahead' });
      const drawn = counts.drawn;
      // Nothing from the page: only the clock passes the half-minute the drawing was kept for.
      clock.advance(30_000);
      await waitFor(() => counts.drawn > drawn, { what: 'the first screen drawn again for the new half-minute' });
    } finally {
      ws.close();
    }
  });

  it('is the page as built once signed out', async () => {
    const [setCookie] = await pass();
    expect((await get('/', cookieOf(setCookie!))).body.equals(built())).toBe(false);
    await host.core.auth.signOut();
    const page = await get('/', cookieOf(setCookie!));
    expect(page.body.equals(built())).toBe(true);
  });
});
