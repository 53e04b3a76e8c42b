/**
 * A Logger that appends JSON lines to `<dir>/main.log` and rotates it the way electron-log does:
 * once the file is over `maxSize`, it becomes `main.old.log` (replacing the previous one).
 * Used by the browser host; the desktop app writes the same lines through electron-log.
 */
import { closeSync, mkdirSync, openSync, renameSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { NO_FOLLOW } from '../no-follow';
import type { Logger } from '../platform';
import { formatLogLine, isLogged, type LogLevel } from './log-line';

/** The log file's name, and its rotated predecessor's. */
export const LOG_FILE = 'main.log';
const OLD_LOG_FILE = 'main.old.log';
/** Size past which the log is rotated (electron-log's default). */
export const LOG_MAX_SIZE = 1024 * 1024;

/** Options of the file logger. */
export interface FileLoggerOptions {
  dir: string;
  level?: LogLevel;
  maxSize?: number;
  now?: () => number;
  /** Also gets every line written (the browser host prints warnings and errors). */
  echo?: (level: LogLevel, line: string) => void;
}

/** Builds the file logger; the folder is created (0700) on the first write. */
export function createFileLogger(options: FileLoggerOptions): Logger {
  const file = join(options.dir, LOG_FILE);
  const maxSize = options.maxSize ?? LOG_MAX_SIZE;
  const threshold = options.level ?? 'info';
  const now = options.now ?? Date.now;
  let size: number | null = null;
  const write = (level: LogLevel, message: string, fields?: Record<string, unknown>) => {
    if (!isLogged(level, threshold)) return;
    const line = formatLogLine(now(), level, message, fields);
    options.echo?.(level, line);
    try {
      if (size === null) {
        mkdirSync(options.dir, { recursive: true, mode: 0o700 });
        size = fileSize(file);
      }
      if (size > maxSize) {
        renameSync(file, join(options.dir, OLD_LOG_FILE));
        size = 0;
      }
      const bytes = Buffer.byteLength(line) + 1;
      // Never through a link planted at the log's name: the write fails instead (and is tried again next line).
      const fd = openSync(file, NO_FOLLOW.append, 0o600);
      try {
        writeSync(fd, `${line}\n`);
      } finally {
        closeSync(fd);
      }
      size += bytes;
    } catch {
      // A log that cannot be written must never stop the app; the next write tries again.
      size = null;
    }
  };
  return {
    info: (message, fields) => write('info', message, fields),
    warn: (message, fields) => write('warn', message, fields),
    error: (message, fields) => write('error', message, fields),
  };
}

function fileSize(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}
