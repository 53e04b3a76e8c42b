/** Builds a real core on the Node platform in a temp folder, for tests. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createNodePlatform } from '../../main/browser-host/node-platform';
import { createCore, type CoreOptions } from '../../main/core/app-core';
import { loadConfig, type FrontdeskConfig } from '../../main/core/config';
import type { Clock, Logger, Platform } from '../../main/core/platform';

/** A logger that keeps lines for assertions instead of printing them. */
export function memoryLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  const push = (level: string) => (message: string, fields?: Record<string, unknown>) =>
    lines.push(`${level} ${message} ${fields ? JSON.stringify(fields) : ''}`);
  return { lines, info: push('info'), warn: push('warn'), error: push('error') };
}

/** A temp data folder removed by the returned cleanup. */
export function tempDir(prefix = 'frontdesk-test-'): { dir: string; cleanup(): void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** What makeCore accepts beyond the core options. */
export interface MakeCoreOptions extends Partial<CoreOptions> {
  /** Reuse a data folder (a second core on the same workstation); cleanup then leaves it alone. */
  dataDir?: string;
  /** Time source of the platform (a controllable clock in tests). */
  clock?: Clock;
  /** Config values on top of serviceUrl/portalUrl (e.g. allowWeakStorage). */
  config?: Partial<FrontdeskConfig>;
  /** Adjusts the platform before core is built (e.g. a cipher without a keystore). */
  platform?: (platform: Platform) => Platform;
}

/** Core against `serviceUrl`, trusting `trustedOrigin`. */
export function makeCore(serviceUrl: string, options: MakeCoreOptions = {}) {
  const { dataDir, clock, config: configOverrides, platform: adjust, ...coreOptions } = options;
  const temp = dataDir ? null : tempDir();
  const dir = dataDir ?? temp!.dir;
  const log = memoryLogger();
  const opened: string[] = [];
  const base = createNodePlatform({
    dataDir: dir,
    appVersion: '0.0.0-test',
    openUrl: (u) => opened.push(u),
    log,
    ...(clock ? { clock } : {}),
  });
  const platform = adjust ? adjust(base) : base;
  const config = loadConfig({ env: {}, overrides: { serviceUrl, portalUrl: serviceUrl, ...configOverrides } });
  const core = createCore(platform, config, {
    trustedOrigin: 'app://frontdesk',
    probe: { onlineIntervalMs: 200, offlineIntervalMs: 100, timeoutMs: 1000 },
    // Background reads wait only while a read is under way: tests with no screen do not wait for one (screen-first
    // tests ask for the real wait).
    screenFirst: { quietMs: 0, firstScreenMs: 0 },
    ...coreOptions,
  });
  const cleanup = async () => {
    // A pending sign-in holds a loopback listener open; end it with the core.
    if (core.auth.status().state === 'signing_in') await core.auth.cancelSignIn();
    await core.stop();
    temp?.cleanup();
  };
  return { core, log, opened, dir, platform, config, cleanup };
}
