/**
 * Child process of the crash-guard test: installs the guards, then meets a stray thrown error and a stray rejected
 * promise, as a bug in some handler would produce. Prints each log entry as a JSON line, then "alive" if it is still
 * running afterwards, and exits 0.
 */
import { installCrashGuards } from '../../../main/core/crash-guard';
import type { Logger } from '../../../main/core/platform';

const print =
  (level: string) =>
  (message: string, fields?: Record<string, unknown>): void => {
    process.stdout.write(`${JSON.stringify({ level, message, fields })}\n`);
  };
const log: Logger = { info: print('info'), warn: print('warn'), error: print('error') };

installCrashGuards(log);
setTimeout(() => {
  throw new Error('stray error in a timer');
}, 0);
setTimeout(() => {
  void Promise.reject(new Error('stray rejection'));
  // Runs after the rejection has been reported (it is reported before the next timer).
  setTimeout(() => {
    process.stdout.write('alive\n');
    process.exit(0);
  }, 0);
}, 0);
