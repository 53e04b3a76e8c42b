/**
 * The Platform for plain Node (browser host, integration tests): file-key cipher, conf store,
 * global fetch, and openExternal handed to the page through a contract event.
 */
import { homedir } from 'node:os';
import { join } from 'node:path';
import Conf from 'conf';
import { createFileLogger } from '../core/log/file-logger';
import { logLevelFrom } from '../core/log/log-line';
import { systemClock, type Clock, type KeyValueStore, type Logger, type Platform } from '../core/platform';
import { checkPrivateFile, secureDataFolder, setAsideUnreadableJson } from '../core/data-folder';
import { vetExternalUrl } from '../core/security/external-url';
import { holdsWrappedKey } from '../core/outbox';
import { createFileCipher } from './file-cipher';

/** The default per-user data folder of the browser host. */
export function defaultDataDir(): string {
  const base = process.env.XDG_DATA_HOME || join(homedir(), '.local', 'share');
  return join(base, 'frontdesk-browser-host');
}

function confStore(dir: string, log: Logger): KeyValueStore {
  // A settings file that cannot be read (a torn write, a full disk) is kept aside; start-up goes on without it.
  setAsideUnreadableJson(join(dir, 'settings.json'), log);
  const conf = new Conf<Record<string, unknown>>({
    cwd: dir,
    configName: 'settings',
    projectName: 'frontdesk',
    configFileMode: 0o600,
  });
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
  /** The log; by default JSON lines in `<dataDir>/logs/main.log` (warnings and errors also on stderr). */
  log?: Logger;
  fetch?: typeof fetch;
  /** Time source (tests pass a controllable one); the system clock by default. */
  clock?: Clock;
}

/** Builds the Node platform; creates the data folder (0700) or tightens it, and checks its key file. */
export function createNodePlatform(options: NodePlatformOptions): Platform {
  const logDir = join(options.dataDir, 'logs');
  const log = options.log ?? browserHostLogger(logDir);
  secureDataFolder(options.dataDir, log);
  // Checked now, not at first use, so an unsafe key stops start-up with its own message.
  checkPrivateFile(join(options.dataDir, 'vault.key'), 'key file');
  // A lost vault.key is never replaced while the outbox's key, wrapped with it, is still on disk: the changes waiting
  // there would then be sealed for good. Putting the old one back must stay possible.
  const outboxDir = join(options.dataDir, 'outbox');
  const keyFile = join(options.dataDir, 'vault.key');
  return {
    mode: 'browser',
    appVersion: options.appVersion,
    cipher: createFileCipher(keyFile, () => !holdsWrappedKey(outboxDir)),
    keyFile,
    settings: confStore(options.dataDir, log),
    dataDir: options.dataDir,
    openExternal: async (url) => {
      const vetted = vetExternalUrl(url);
      if (!vetted) throw new Error('refused to open a non-http(s) URL');
      options.openUrl(vetted);
    },
    connectivity: { isOnline: () => true, onChange: () => () => undefined },
    clock: options.clock ?? systemClock,
    fetch: options.fetch ?? globalThis.fetch.bind(globalThis),
    log,
    logDir,
  };
}

/** The browser host's log file (same format and rotation as the desktop app's); warnings also go to stderr. */
export function browserHostLogger(logDir: string): Logger {
  return createFileLogger({
    dir: logDir,
    level: logLevelFrom(process.env['FRONTDESK_LOG_LEVEL']),
    echo: (level, line) => {
      if (level !== 'info') console.error(`[frontdesk] ${line}`);
    },
  });
}
