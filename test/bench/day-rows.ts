/**
 * Rows of a workstation's day against the sandbox over real HTTP: how soon after sign-in the read-ahead has the seeded
 * practice saved for offline work, against the same reads fetched one after another by a bare script (through the
 * core's API); and what an 8-hour day compressed leaves behind in the browser host and its page.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { WebSocket } from 'ws';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/chromium';
import { FrontdeskPage } from '../e2e/support/driver';
import { startSandbox } from '../sandbox/index';
import { admin, customSchemeCore, signInAs, startAuthSandbox } from '../support/auth-fixture';
import { call } from '../support/bootstrap';
import { waitFor } from '../support/wait';
import type { Unit } from './runner';
import { median, ratioRow, sample, type Row } from './table';

const root = resolve(__dirname, '../..');
const RUNS = 5;
/** How far away the service is for row 15 (each read waits this long at the sandbox). */
const LATENCY_MS = 30;

/** A read the core sent to the service: what, with which authorization, and how many were in flight with it. */
interface Read {
  url: string;
  authorization: string;
}

/**
 * One sign-in on a new workstation: from the moment core is signed in to the read-ahead done, with the first screen's
 * read (today's schedule, as the app asks it) going right after sign-in as the page's does. Returns the reads the
 * read-ahead sent (not the first screen's), the most of them in flight at once, and how long the first screen's read
 * took.
 */
async function signInReadAhead(sbUrl: string, sb: Parameters<typeof customSchemeCore>[0]) {
  const reads: Read[] = [];
  let inFlight = 0;
  let most = 0;
  let counting = false;
  const screenWork = new AsyncLocalStorage<true>();
  const made = customSchemeCore(sb, {
    // The app's own wait for the first screen (core's defaults), not the tests' none.
    screenFirst: {},
    platform: (p) => ({
      ...p,
      fetch: async (input: string | URL | Request, init?: RequestInit) => {
        const url = String(input instanceof Request ? input.url : input);
        // The read-ahead's reads: not the texts poller's (threads, their texts and their contacts one by one) nor the
        // connectivity probe's, which go on beside it.
        const read =
          counting &&
          (init?.method ?? 'GET') === 'GET' &&
          url.startsWith(`${sbUrl}/v1/`) &&
          !/\/v1\/(conversation|userinfo|contact\?)/.test(url);
        if (!read) return p.fetch(input, init);
        // The first screen's own reads are its, not the read-ahead's.
        if (screenWork.getStore()) return p.fetch(input, init);
        const headers = new Headers(init?.headers);
        reads.push({ url, authorization: headers.get('authorization') ?? '' });
        most = Math.max(most, ++inFlight);
        try {
          const res = await p.fetch(input, init);
          const body = await res.arrayBuffer();
          return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
        } finally {
          inFlight--;
        }
      },
    }),
  });
  try {
    await made.core.start();
    await signInAs(made, 'owner@frontdesk.test');
    const t0 = performance.now();
    counting = true;
    // The first screen: today's schedule, asked at once (the page's first read after sign-in).
    const day = { begin: new Date(Date.now() - 6 * 3600_000).toISOString(), end: new Date().toISOString() };
    const screen = screenWork.run(true, async () => {
      const s0 = performance.now();
      await call(made, 'calendar:range', day);
      const ms = performance.now() - s0;
      // The page then says its first screen is painted (App.tsx, after the painted mark): here at once, as there is
      // no page to paint.
      await call(made, 'app:first-screen');
      return ms;
    });
    await waitFor(() => made.core.prefetch.lastRun() !== null, { what: 'the read-ahead', timeoutMs: 120_000 });
    const ms = performance.now() - t0;
    const failed = made.core.prefetch.lastRun()!.failed;
    if (failed.length > 0) throw new Error(`the read-ahead failed: ${failed.join(', ')}`);
    return { ms, reads, most, screenMs: await screen };
  } finally {
    await made.cleanup();
  }
}

/** The reference: the same reads, one after another, each read to its end. */
async function bareReads(reads: Read[]): Promise<number> {
  const t0 = performance.now();
  for (const r of reads) await (await fetch(r.url, { headers: { authorization: r.authorization } })).arrayBuffer();
  return performance.now() - t0;
}

/** Row 15: sign-in → read-ahead done, vs the same reads one after another from a bare script. */
async function offlineReadyRow(): Promise<Row> {
  const sb = await startAuthSandbox({ contacts: 300, events: 600 });
  try {
    // The service 30 ms away, as over a network, for both: the sandbox in this process answers in a millisecond, where
    // side by side could only share one thread's time.
    await admin(sb).faults({ latencyMs: LATENCY_MS, routes: ['/v1/'], methods: ['GET'] });
    const ours: number[] = [];
    const bare: number[] = [];
    const most: number[] = [];
    let count = 0;
    // Interleaved, so a change in the machine's load falls on both alike.
    for (let run = 0; run < RUNS; run++) {
      const signedIn = await signInReadAhead(sb.url, sb);
      ours.push(signedIn.ms);
      most.push(signedIn.most);
      count = signedIn.reads.length;
      bare.push(await bareReads(signedIn.reads));
    }
    await admin(sb).clearFaults();
    return ratioRow(
      `15. sign-in → read-ahead done (${count} reads, up to ${Math.max(...most)} at once; service ${LATENCY_MS} ms away) vs the same reads one after another`,
      sample(ours),
      sample(bare),
      'ms',
      '≤ 1.0×',
      (r) => r <= 1.0,
    );
  } finally {
    await sb.close();
  }
}

/**
 * The browser host (`npm run preview`'s entry) as its own process against `serviceUrl`: its first address, its pid,
 * and a garbage collection in it (through its inspector on loopback), so its memory is read without the garbage.
 */
async function startHost(
  serviceUrl: string,
): Promise<{ url: string; pid: number; collect(): Promise<void>; stop(): void }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'frontdesk-bench-day-'));
  const child = spawn(
    process.execPath,
    [
      '--inspect=127.0.0.1:0',
      '--import',
      'tsx',
      join(root, 'main/browser-host/cli.ts'),
      '--port',
      '0',
      '--service',
      serviceUrl,
      '--data-dir',
      dataDir,
    ],
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FRONTDESK_LOG_LEVEL: 'warn' } },
  );
  let out = '';
  let inspector = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += String(chunk)));
  child.stderr!.on('data', (chunk: Buffer) => {
    inspector ||= /(ws:\/\/127\.0\.0\.1:\d+\/\S+)/.exec(String(chunk))?.[1] ?? '';
    if (!String(chunk).includes('Debugger')) process.stderr.write(chunk);
  });
  const stop = () => (child.kill('SIGTERM'), rmSync(dataDir, { recursive: true, force: true }));
  const url = await waitFor(() => /(http:\/\/127\.0\.0\.1:\d+\/#key=\S+)/.exec(out)?.[1], {
    what: 'the browser host to print its address',
    timeoutMs: 60_000,
  }).catch((error: unknown) => (stop(), Promise.reject(error)));
  const collect = async () => {
    const ws = new WebSocket(inspector);
    await new Promise((ok, fail) => (ws.once('open', ok), ws.once('error', fail)));
    await new Promise((ok) => {
      ws.once('message', ok);
      ws.send(JSON.stringify({ id: 1, method: 'HeapProfiler.collectGarbage' }));
    });
    ws.close();
  };
  return { url, pid: child.pid!, collect, stop };
}

/**
 * Installed before the app loads: the page's live timers as they are set and cleared (or fired), by id, each with
 * when it is due (an interval: never done, so `Infinity`).
 */
function countTimers(): void {
  const live = new Map<number, number>();
  (window as unknown as { __liveTimers: Map<number, number> }).__liveTimers = live;
  const [setT, setI, clearT, clearI] = [setTimeout, setInterval, clearTimeout, clearInterval];
  const w = window as unknown as Record<string, unknown>;
  w.setTimeout = (fn: (...a: unknown[]) => void, ms?: number, ...args: unknown[]) => {
    const id = setT(
      (...a: unknown[]) => {
        live.delete(id);
        if (typeof fn === 'function') fn(...a);
      },
      ms,
      ...args,
    ) as unknown as number;
    live.set(id, performance.now() + (ms ?? 0));
    return id;
  };
  w.setInterval = (fn: (...a: unknown[]) => void, ms?: number, ...args: unknown[]) => {
    const id = setI(fn, ms, ...args) as unknown as number;
    live.set(id, Infinity);
    return id;
  };
  w.clearTimeout = (id: number) => (live.delete(id), clearT(id));
  w.clearInterval = (id: number) => (live.delete(id), clearI(id));
}

/**
 * Waits (up to 10 s) until no timer of the page is due within 2 s: what the last minutes' work set going for a moment
 * (a notice's time on screen, a retry, a debounce) has run out, and what is left is what stays. Counted at such a
 * moment, the listeners and timers of one hour's end are comparable with another's; counted at any moment, they moved
 * by a few either way with what happened to be up.
 */
async function settled(page: Page): Promise<boolean> {
  return page
    .waitForFunction(
      () => {
        const live = (window as unknown as { __liveTimers: Map<number, number> }).__liveTimers;
        const soon = performance.now() + 2_000;
        return [...live.values()].every((due) => due > soon);
      },
      undefined,
      { polling: 100, timeout: 10_000 },
    )
    .then(
      () => true,
      () => false,
    );
}

/** What a day leaves behind, read on the Calendar screen after a garbage collection. */
interface Left {
  rss: number;
  heap: number;
  listeners: number;
  timers: number;
  /** No timer was due within 2 s when counted (`settled`). */
  calm: boolean;
}

/**
 * Row 16: an 8-hour day compressed: the schedule polling every 10 s as it does, 2,000 changes made at the service by
 * another desk, 200 texts from patients, and the screens switched every minute (480 times), all in a few minutes.
 * Host RSS and page heap at the day's end against the first hour's, each after a garbage collection; the page's event
 * listeners and live timers at the first hour's end and the day's.
 */
async function dayRow(): Promise<Row> {
  const HOURS = 8;
  const sb = await startSandbox({ port: 0, contacts: 300, events: 600 });
  const host = await startHost(sb.url).catch(async (error: unknown) => (await sb.close(), Promise.reject(error)));
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addInitScript(countTimers);
    const app = new FrontdeskPage(await context.newPage());
    await app.goto(host.url);
    await (await app.signIn('owner@frontdesk.test')).close();
    await app.waitForAuth('signed_in');
    const page = app.page;
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const nav = (label: RegExp) =>
      page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: label });
    const left = async (): Promise<Left> => {
      await nav(/^Calendar/).click();
      await page.locator('[data-testid="calendar"][data-loading="false"]').waitFor();
      const calm = await settled(page);
      await cdp.send('HeapProfiler.collectGarbage');
      await host.collect();
      const { metrics } = await cdp.send('Performance.getMetrics');
      const { jsEventListeners } = await cdp.send('Memory.getDOMCounters');
      return {
        rss: Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${host.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024,
        heap: (metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0) / 2 ** 20,
        listeners: jsEventListeners,
        timers: await page.evaluate(
          () => (window as unknown as { __liveTimers: Map<number, number> }).__liveTimers.size,
        ),
        calm,
      };
    };
    const owner = sb.users.find((u) => u.email === 'owner@frontdesk.test')!;
    const auth = `Basic ${Buffer.from(`${owner.email}:${owner.apiKey}`).toString('base64')}`;
    const { events } = (await (
      await fetch(`${sb.url}/v1/events?page_size=1000`, { headers: { authorization: auth } })
    ).json()) as { events: { id: number; title: string }[] };
    // Each screen's tab by its label (a tab's name may end with its count: "Messages 2 unread texts").
    const screens = (
      await page
        .getByRole('navigation', { name: 'Screens' })
        .getByRole('button')
        .evaluateAll((tabs) => tabs.map((t) => t.childNodes[0]?.textContent?.trim() ?? ''))
    ).map((label) => new RegExp(`^${label}`));
    let changes = 0;
    let texts = 0;
    const hours: Left[] = [];
    for (let hour = 0; hour < HOURS; hour++) {
      for (let minute = 0; minute < 60; minute++) {
        await nav(screens[minute % screens.length]!).click();
        if (minute % 12 === 0) {
          // 250 changes an hour, in five batches, as another desk makes them.
          const batch = Array.from({ length: 50 }, () => {
            const e = events[changes++ % events.length]!;
            return { id: e.id, title: `${e.title.split(' · ')[0]} · ${changes}` };
          });
          await fetch(`${sb.url}/v1/events`, {
            method: 'PUT',
            headers: { authorization: auth, 'content-type': 'application/json' },
            body: JSON.stringify({ events: batch }),
          });
        }
        if (minute % 12 === 6)
          // 25 texts an hour from patients, five at a time.
          for (let i = 0; i < 5; i++)
            await fetch(`${sb.url}/__sandbox/inbound`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({
                phone_number: `+1312555${String(1000 + (texts++ % 40)).padStart(4, '0')}`,
                content: `On my way, ${texts}`,
              }),
            });
      }
      hours.push(await left());
    }
    const [first, last] = [hours[0]!, hours[HOURS - 1]!];
    await context.close();
    const growth = Math.max(last.rss / first.rss, last.heap / first.heap);
    // Counted at each hour's end once settled, the later half's median against the earlier half's: growth is a leak.
    const unsettled = hours.flatMap((l, i) => (l.calm ? [] : [i + 1]));
    const half = (of: (l: Left) => number, later: boolean) =>
      median((later ? hours.slice(HOURS / 2) : hours.slice(0, HOURS / 2)).map(of));
    const listeners = { early: half((l) => l.listeners, false), late: half((l) => l.listeners, true) };
    const timers = { early: half((l) => l.timers, false), late: half((l) => l.timers, true) };
    return {
      ...ratioRow(
        `16. an 8-hour day compressed (${changes} changes, ${texts} texts, ${HOURS * 60} screen switches, polling): host RSS ${last.rss.toFixed(0)} MB vs ${first.rss.toFixed(0)} MB after the first hour; page heap ${last.heap.toFixed(1)} MB vs ${first.heap.toFixed(1)} MB; listeners ${listeners.late} vs ${listeners.early}, timers ${timers.late} vs ${timers.early} (medians of hours 5–8 vs 1–4${unsettled.length ? `; hours ${unsettled.join(', ')} counted with a timer still due` : ''})`,
        growth,
        1,
        '×',
        '≤ 1.2×; listeners and timers not growing',
        (r) => r <= 1.2 && listeners.late <= listeners.early && timers.late <= timers.early,
      ),
    };
  } finally {
    await browser.close();
    host.stop();
    await sb.close();
  }
}

/** The rows of a workstation's day, in the order they run. */
export const dayUnits: Unit[] = [
  {
    name: 'offline-ready',
    ids: ['15'],
    half: 'core',
    title: 'sign-in → read-ahead done',
    run: async () => [await offlineReadyRow()],
  },
  {
    name: 'day',
    ids: ['16'],
    half: 'page',
    title: 'an 8-hour day compressed',
    run: async () => [await dayRow()],
  },
];
