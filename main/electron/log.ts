/**
 * The desktop app's log: the core's JSON lines written by electron-log's file transport to
 * `<userData>/logs/main.log`, rotated to `main.old.log` past 1 MiB (the same format and rotation
 * as the browser host's file logger). Lines are redacted before electron-log sees them.
 */
import electronLog from 'electron-log/main';
import { join } from 'node:path';
import { LOG_FILE, LOG_MAX_SIZE } from '../core/log/file-logger';
import { NO_FOLLOW } from '../core/no-follow';
import { formatLogLine, isLogged, logLevelFrom, type LogLevel } from '../core/log/log-line';
import type { Logger } from '../core/platform';

/** Where the desktop app keeps its log files. */
export function logFolder(userDataDir: string): string {
  return join(userDataDir, 'logs');
}

/** Builds the electron-log adapter writing into `dir`. */
export function createElectronLogger(dir: string): Logger {
  const file = electronLog.transports.file;
  file.resolvePathFn = () => join(dir, LOG_FILE);
  file.maxSize = LOG_MAX_SIZE;
  file.format = '{text}';
  file.level = 'info';
  // Never through a link planted at the log's name (electron-log passes the flag to fs.writeFileSync, which takes
  // numbers; its type lists only the letters): the write fails instead.
  file.writeOptions = { flag: NO_FOLLOW.append as unknown as 'a', mode: 0o600, encoding: 'utf8' };
  electronLog.transports.console.level = 'warn';
  electronLog.transports.console.format = '[frontdesk] {text}';
  const threshold = logLevelFrom(process.env['FRONTDESK_LOG_LEVEL']);
  const write = (level: LogLevel, message: string, fields?: Record<string, unknown>) => {
    if (!isLogged(level, threshold)) return;
    electronLog[level](formatLogLine(Date.now(), level, message, fields));
  };
  return {
    info: (message, fields) => write('info', message, fields),
    warn: (message, fields) => write('warn', message, fields),
    error: (message, fields) => write('error', message, fields),
  };
}
