/**
 * One log entry as one JSON line: `{"time":"…","level":"info","message":"…","data":{…}}`. The
 * same format is written by electron-log (desktop) and by the Node file logger (browser host).
 */
import { redactText, redactValue } from './redact';

/** Log levels, least to most severe. */
export type LogLevel = 'info' | 'warn' | 'error';

const ORDER: Record<LogLevel, number> = { info: 0, warn: 1, error: 2 };

/** Whether an entry at `level` is written when the threshold is `threshold`. */
export function isLogged(level: LogLevel, threshold: LogLevel): boolean {
  return ORDER[level] >= ORDER[threshold];
}

/** The threshold from `FRONTDESK_LOG_LEVEL` (info by default). */
export function logLevelFrom(value: string | undefined): LogLevel {
  return value === 'warn' || value === 'error' ? value : 'info';
}

/** Formats one redacted entry (no trailing newline). */
export function formatLogLine(
  time: number,
  level: LogLevel,
  message: string,
  fields?: Record<string, unknown>,
): string {
  const entry: Record<string, unknown> = { time: new Date(time).toISOString(), level, message: redactText(message) };
  if (fields && Object.keys(fields).length > 0) entry['data'] = redactValue(fields);
  return JSON.stringify(entry);
}
