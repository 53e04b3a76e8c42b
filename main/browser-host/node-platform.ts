/**
 * The Platform for plain Node (browser host, integration tests): file-key cipher, conf store,
 * global fetch, and openExternal handed to the page through a contract event.
 */
import { mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import Conf from 'conf';
import {
  consoleLogger,
  systemClock,
  type Clock,
  type KeyValueStore,
  type Logger,
  type Platform,
} from '../core/platform';
import { vetExternalUrl } from '../core/security/external-url';
import { createFileCipher } from './file-cipher';

/** The default per-user data folder of the browser host. */
export function defaultDataDir(): string {
  const base = process.env.XDG_DATA_HOME || join(homedir(), '.local', 'share');
  return join(base, 'frontdesk-browser-host');
}

function confStore(dir: string): KeyValueStore {
  const conf = new Conf<Record<string, unknown>>({ cwd: dir, configName: 'settings', projectName: 'frontdesk' });
  return {
    get: (key) => conf.get(key),
    set: (key, value) => conf.set(key, value),
    delete: (key) => conf.delete(key),
  };
}

/** Options of the Node platform. */
export interface NodePlatformOptions {
  dataDir: string;
  appVersion: string;
  /** Where openExternal sends vetted URLs (the browser host forwards them to the page). */
  openUrl(url: string): void;
  log?: Logger;
  fetch?: typeof fetch;
  /** Time source (tests pass a controllable one); the system clock by default. */
  clock?: Clock;
}

/** Builds the Node platform; creates the data folder (0700). */
export function createNodePlatform(options: NodePlatformOptions): Platform {
  mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
  return {
    mode: 'browser',
    appVersion: options.appVersion,
    cipher: createFileCipher(join(options.dataDir, 'vault.key')),
    settings: confStore(options.dataDir),
    dataDir: options.dataDir,
    openExternal: async (url) => {
      const vetted = vetExternalUrl(url);
      if (!vetted) throw new Error('refused to open a non-http(s) URL');
      options.openUrl(vetted);
    },
    connectivity: { isOnline: () => true, onChange: () => () => undefined },
    clock: options.clock ?? systemClock,
    fetch: options.fetch ?? globalThis.fetch.bind(globalThis),
    log: options.log ?? consoleLogger,
  };
}
