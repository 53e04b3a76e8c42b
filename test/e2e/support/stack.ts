/** Starts what an e2e test drives: the sandbox service, the browser host, and Chromium. */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions } from 'playwright-core';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startBrowserHost, type BrowserHost } from '../../../main/browser-host/server';
import { loadConfig } from '../../../main/core/config';
import { createFileLogger, LOG_FILE } from '../../../main/core/log/file-logger';
import { systemClock, type Logger } from '../../../main/core/platform';
import { startSandbox, type Sandbox } from '../../sandbox/index';
import { varyFromEnv } from '../../support/auth-fixture';
import { assertContractKept, type FieldMode } from '../../sandbox/strict';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';
import { installPageClock, practiceNow } from './clock';
import { FrontdeskPage } from './driver';

/** A running e2e stack. */
export interface Stack {
  sandbox: Sandbox;
  host: BrowserHost;
  browser: Browser;
  /** The host's log folder (the same redacted log file the browser host writes), for secret scans. */
  logDir: string;
  /** Every WebSocket frame between the page and the host, for secret scans. */
  wire: string[];
  /** Stops the service (as if it went down). */
  stopService(): Promise<void>;
  /** Starts the service again on the same address. */
  startService(): Promise<void>;
  /** Moves the app's clock (the browser host's core) forward; the service and the page keep the suite's time. */
  advanceClock(ms: number): void;
  /** A browser context whose pages run on the suite's clock (support/clock.ts). */
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
  open(): Promise<FrontdeskPage>;
  close(): Promise<void>;
}

const quietLog = process.env.E2E_DEBUG
  ? {
      info: (m: string, f?: object) => console.error('info', m, f),
      warn: (m: string, f?: object) => console.error('warn', m, f),
      error: (m: string, f?: object) => console.error('error', m, f),
    }
  : { info: () => undefined, warn: () => undefined, error: (m: string) => console.error(m) };

const teeLog = (a: Logger, b: Logger): Logger => ({
  info: (m, f) => (a.info(m, f), b.info(m, f)),
  warn: (m, f) => (a.warn(m, f), b.warn(m, f)),
  error: (m, f) => (a.error(m, f), b.error(m, f)),
});

/** What a test may choose about its stack. */
export interface StackOptions {
  /** Scopes the app asks for at sign-in (default: all). */
  scopes?: string[];
  /** How long a remote-device booking stays pending at the sandbox (its default: 3 s). */
  deviceSettleMs?: number;
  /** Fills the data folder before the browser host starts (what an earlier run left, or a file lost since). */
  prepare?: (dataDir: string, serviceUrl: string) => Promise<void>;
  /**
   * Request fields the service contract does not list (test/sandbox/strict.ts): `strict` (the default) refuses them,
   * `lenient` drops them as a service that ignores them would. Either way the stack's close fails when one was sent.
   */
  fields?: FieldMode;
}

/** Starts sandbox + browser host + Chromium. */
export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const settle = {
    now: () => new Date(practiceNow()),
    fields: options.fields ?? 'strict',
    // Answers varied within the service's documented freedom under SANDBOX_VARY=<seed> (test/sandbox/vary.ts).
    vary: varyFromEnv(),
    ...(options.deviceSettleMs === undefined ? {} : { deviceSettleMs: options.deviceSettleMs }),
  };
  let sandbox = await startSandbox({ port: 0, ...settle });
  const wire: string[] = [];
  const port = Number(new URL(sandbox.url).port);
  const dataDir = mkdtempSync(join(tmpdir(), 'frontdesk-e2e-'));
  await options.prepare?.(dataDir, sandbox.url);
  const logDir = join(dataDir, 'logs');
  const fileLog = createFileLogger({ dir: logDir });
  let clockOffset = 0;
  const host = await startBrowserHost({
    port: 0,
    config: loadConfig({
      env: {},
      overrides: {
        serviceUrl: sandbox.url,
        portalUrl: sandbox.url,
        usingSandbox: true,
        ...(options.scopes ? { scopes: options.scopes } : {}),
      },
    }),
    dataDir,
    rendererDir: resolve(__dirname, '../../../out/renderer'),
    // The saved day written into the page, as `npm run preview` serves it (main/browser-host/cli.ts).
    firstScreen: resolve(__dirname, '../../../out/first-screen/index.mjs'),
    appVersion: '0.0.0-e2e',
    log: process.env.E2E_DEBUG ? teeLog(quietLog, fileLog) : fileLog,
    probe: { onlineIntervalMs: 1000, offlineIntervalMs: 500, timeoutMs: 1500 },
    tap: (_direction, text) => wire.push(text),
    clock: { ...systemClock, now: () => practiceNow() + clockOffset },
  });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  let serviceUp = true;
  /** What each sandbox run saw (a restarted service is a new one). */
  const checks = [sandbox.fields];
  const newContext = async (contextOptions: BrowserContextOptions = {}): Promise<BrowserContext> => {
    const context = await browser.newContext(contextOptions);
    await installPageClock(context);
    return context;
  };
  return {
    get sandbox() {
      return sandbox;
    },
    host,
    browser,
    logDir,
    wire,
    stopService: async () => {
      await sandbox.close();
      serviceUp = false;
    },
    startService: async () => {
      sandbox = await startSandbox({ port, ...settle });
      checks.push(sandbox.fields);
      serviceUp = true;
    },
    advanceClock: (ms) => {
      clockOffset += ms;
    },
    newContext,
    open: async () => {
      const context = await newContext();
      const page = await context.newPage();
      const fd = new FrontdeskPage(page);
      await fd.goto(host.url);
      return fd;
    },
    close: async () => {
      await browser.close();
      await host.close();
      if (serviceUp) await sandbox.close();
      rmSync(dataDir, { recursive: true, force: true });
      for (const check of checks) assertContractKept(check);
    },
  };
}

/** Where a failed test's screenshots go (test-results/ is not kept in git). */
const FAILURE_DIR = resolve(__dirname, '../../../test-results/e2e-failures');

/** A failed test's evidence: the browser host's log printed, and a screenshot of every open page saved. */
async function reportFailure(stack: Stack, test: string): Promise<void> {
  const logFile = join(stack.logDir, LOG_FILE);
  const log = existsSync(logFile) ? readFileSync(logFile, 'utf8').trimEnd() : '(no log written)';
  console.error(`--- browser host log for "${test}" ---\n${log}`);
  const slug = test.replace(/[^a-z0-9]+/gi, '-').slice(0, 80);
  const pages = stack.browser.contexts().flatMap((context) => context.pages());
  mkdirSync(FAILURE_DIR, { recursive: true });
  for (const [i, page] of pages.entries()) {
    const path = join(FAILURE_DIR, `${slug}-${i + 1}.png`);
    // A page that has closed or crashed cannot be shot; the log above still tells the story.
    await page.screenshot({ path, fullPage: true }).then(
      () => console.error(`screenshot: ${path}`),
      (error: unknown) => console.error(`no screenshot of page ${i + 1}: ${String(error)}`),
    );
  }
}

/**
 * Registers with vitest a stack started before all tests of the file and closed after them; the
 * returned Stack stands for it (read it inside tests, once it has started). When a test fails, the browser host's
 * log is printed and every open page's screenshot saved under test-results/e2e-failures.
 */
export function useStack(options: StackOptions = {}): Stack {
  let stack: Stack | undefined;
  beforeAll(async () => {
    stack = await startStack(options);
  });
  afterAll(async () => stack?.close());
  beforeEach((context) => {
    context.onTestFailed(async () => {
      if (stack) await reportFailure(stack, context.task.name);
    });
  });
  const started = (): Stack => {
    if (!stack) throw new Error('useStack: the stack has not started (use it inside tests)');
    return stack;
  };
  return {
    get sandbox() {
      return started().sandbox;
    },
    get host() {
      return started().host;
    },
    get browser() {
      return started().browser;
    },
    get logDir() {
      return started().logDir;
    },
    get wire() {
      return started().wire;
    },
    stopService: () => started().stopService(),
    startService: () => started().startService(),
    advanceClock: (ms) => started().advanceClock(ms),
    newContext: (o) => started().newContext(o),
    open: () => started().open(),
    close: () => started().close(),
  };
}
