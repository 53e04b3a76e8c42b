/**
 * `npm run preview -- --port 5180 --service http://127.0.0.1:4010 [--now 2026-11-30T12:30:00-06:00]`: runs core in
 * Node and serves the renderer to a browser tab. Prints the URL to open.
 */
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { version } from '../../package.json';
import { ConfigError, loadConfig } from '../core/config';
import { installCrashGuards } from '../core/crash-guard';
import { clockFrom, parseInstant } from '../core/given-clock';
import { consoleLogger } from '../core/platform';
import { browserHostLogger, defaultDataDir } from './node-platform';
import { startBrowserHost } from './server';

/** Parses flags, starts the host, and keeps running until interrupted. */
export async function main(argv: string[]): Promise<void> {
  let flags;
  try {
    flags = parseArgs({
      args: argv,
      options: {
        port: { type: 'string', default: '5180' },
        service: { type: 'string' },
        portal: { type: 'string' },
        'client-id': { type: 'string' },
        'data-dir': { type: 'string' },
        'renderer-dir': { type: 'string' },
        now: { type: 'string' },
      },
      strict: true,
    }).values;
  } catch (error) {
    console.error(`preview: ${(error as Error).message}`);
    process.exit(2);
  }
  const port = Number(flags.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`preview: --port must be a number from 0 to 65535`);
    process.exit(2);
  }
  const at = flags.now === undefined ? null : parseInstant(flags.now);
  if (flags.now !== undefined && at === null) {
    console.error(`preview: --now must be a time with its offset, like 2026-11-30T12:30:00-06:00`);
    process.exit(2);
  }
  installCrashGuards(consoleLogger);
  const dataDir = resolve(flags['data-dir'] ?? defaultDataDir());
  let config;
  try {
    config = loadConfig({
      userDataDir: dataDir,
      overrides: {
        ...(flags.service ? { serviceUrl: flags.service.replace(/\/+$/, '') } : {}),
        ...(flags.portal ? { portalUrl: flags.portal.replace(/\/+$/, '') } : {}),
        ...(flags['client-id'] ? { clientId: flags['client-id'] } : {}),
      },
    });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`preview: ${error.message}`);
      process.exit(2);
    }
    throw error;
  }
  const host = await startBrowserHost({
    port,
    config,
    dataDir,
    rendererDir: resolve(flags['renderer-dir'] ?? resolve(__dirname, '../../out/renderer')),
    // The saved day written into the page (absent until `npm run build` has built it: the page as built then).
    firstScreen: resolve(__dirname, '../../out/first-screen/index.mjs'),
    appVersion: version,
    // One log for the host's refusals and the core's entries: <data>/logs/main.log.
    log: browserHostLogger(join(dataDir, 'logs')),
    // Each address opens one tab (its key is then spent): a new one is printed once the last one has.
    announce: (url, again) =>
      console.log(
        again
          ? `That address has opened its tab (each address opens one). To open Frontdesk in another tab: ${url}`
          : `Frontdesk is running in your browser at ${url}`,
      ),
    // --now: core's clock starts at that instant and runs on (the page keeps the browser's own clock).
    ...(at === null ? {} : { clock: clockFrom(at) }),
  });
  console.log(`service: ${config.serviceUrl}   data: ${dataDir}`);
  const shutdown = () => void host.close().then(() => process.exit(0));
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

if (require.main === module) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(`preview: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
