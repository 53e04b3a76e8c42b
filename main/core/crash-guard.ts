/** Keeps the main process alive through a stray error: it is logged (without data) and work goes on. */
import type { Logger } from './platform';

/** Installs process-wide handlers once. */
export function installCrashGuards(log: Logger): void {
  process.on('uncaughtException', (error) =>
    log.error('unexpected error (kept running)', { error: error.message, name: error.name }),
  );
  process.on('unhandledRejection', (reason) =>
    log.error('unhandled rejection (kept running)', {
      error: reason instanceof Error ? reason.message : String(reason),
    }),
  );
}
