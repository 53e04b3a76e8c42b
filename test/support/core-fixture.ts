/** Builds a real core on the Node platform in a temp folder, for tests. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createNodePlatform } from '../../main/browser-host/node-platform';
import { createCore, type CoreOptions } from '../../main/core/app-core';
import { loadConfig } from '../../main/core/config';
import type { Logger } from '../../main/core/platform';

/** A logger that keeps lines for assertions instead of printing them. */
export function memoryLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  const push = (level: string) => (message: string, fields?: Record<string, unknown>) => lines.push(`${level} ${message} ${fields ? JSON.stringify(fields) : ''}`);
  return { lines, info: push('info'), warn: push('warn'), error: push('error') };
}

/** A temp data folder removed by the returned cleanup. */
export function tempDir(prefix = 'frontdesk-test-'): { dir: string; cleanup(): void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Core against `serviceUrl`, trusting `trustedOrigin`. */
export function makeCore(serviceUrl: string, options: Partial<CoreOptions> = {}) {
  const { dir, cleanup } = tempDir();
  const log = memoryLogger();
  const opened: string[] = [];
  const platform = createNodePlatform({ dataDir: dir, appVersion: '0.0.0-test', openUrl: (u) => opened.push(u), log });
  const config = loadConfig({ env: {}, overrides: { serviceUrl, portalUrl: serviceUrl } });
  const core = createCore(platform, config, { trustedOrigin: 'app://frontdesk', probe: { onlineIntervalMs: 200, offlineIntervalMs: 100, timeoutMs: 1000 }, ...options });
  return { core, log, opened, dir, cleanup: async () => { await core.stop(); cleanup(); } };
}
