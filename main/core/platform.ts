/**
 * Everything core needs from the host (Electron or plain Node), as small interfaces, so core
 * runs and is tested without Electron.
 */

/** Encrypts secrets at rest (safeStorage in Electron, an AES-256-GCM key file in Node). */
export interface SecretCipher {
  /** Whether encryption is strong enough to persist secrets, and which backend it uses. */
  status(): Promise<{ available: boolean; backend: string }>;
  encrypt(plain: string): Promise<Uint8Array>;
  decrypt(cipher: Uint8Array): Promise<string>;
}

/** A small persistent key/value store (electron-store in Electron, conf in Node). */
export interface KeyValueStore {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
  delete(key: string): void;
}

/** What the OS says about the network: only a hint, the service probe decides. */
export interface OsConnectivity {
  isOnline(): boolean;
  /** Calls back when the OS flag flips or the machine resumes; returns an unsubscribe. */
  onChange(listener: () => void): () => void;
}

/** Time source and timers, replaceable in tests. */
export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): () => void;
}

/** The host, handed to core at construction. */
export interface Platform {
  mode: 'electron' | 'browser';
  appVersion: string;
  cipher: SecretCipher;
  settings: KeyValueStore;
  /** Folder for larger files (outbox log, caches); created by the host. */
  dataDir: string;
  /** Opens a vetted http(s) URL in the user's browser. */
  openExternal(url: string): Promise<void>;
  connectivity: OsConnectivity;
  clock: Clock;
  fetch: typeof fetch;
  log: Logger;
  /** Folder holding the log files (`main.log`, `main.old.log`), for Help → Open log folder. */
  logDir?: string;
  /** The file that stands in for the OS keystore (the browser host's `vault.key`); absent where the OS keeps it. */
  keyFile?: string;
  /** Opens the log folder in the OS file manager; absent where it cannot (the browser host shows the path). */
  openLogFolder?: () => Promise<void>;
  /** Opens the system print dialog for the app's window; absent where the page prints itself (browser host). */
  printWindow?: () => Promise<{ printed: boolean }>;
  /**
   * Draws the window's own parts (title bar, menus, scroll bars, dialogs) in the theme chosen: Electron's
   * `nativeTheme.themeSource`. Absent where the page draws everything itself (the browser host).
   */
  applyTheme?: (theme: 'system' | 'light' | 'dark') => void;
}

/**
 * Minimal structured logger; never given tokens, codes or patient data (log ids, kinds and counts).
 * The hosts' loggers (main/core/log) still redact what slips through.
 */
export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

/** The real clock. */
export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => {
    const handle = setTimeout(fn, ms);
    handle.unref?.();
    return () => clearTimeout(handle);
  },
};

/** Logger that writes one line per entry to stderr. */
export const consoleLogger: Logger = {
  info: (m, f) => console.error(`[frontdesk] ${m}`, f ? JSON.stringify(f) : ''),
  warn: (m, f) => console.error(`[frontdesk] warn: ${m}`, f ? JSON.stringify(f) : ''),
  error: (m, f) => console.error(`[frontdesk] error: ${m}`, f ? JSON.stringify(f) : ''),
};
