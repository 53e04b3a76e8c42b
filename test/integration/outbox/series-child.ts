/**
 * Child process of the series crash test: opens the outbox on a data folder and sends. When a series write has
 * recorded `FREEZE_AT` of its steps (visits made, the rest not yet), it prints "steps <n>" and freezes the process
 * there, so the parent's SIGKILL lands in the middle of the unit by construction. Argument: JSON {dataDir, url,
 * token, account, freezeAt}.
 */
import { openOutbox, quietLogger, tokenClient } from './outbox-setup';

interface ChildConfig {
  dataDir: string;
  url: string;
  token: string;
  account: string;
  freezeAt: number;
}

async function main(): Promise<void> {
  const config = JSON.parse(process.argv[2] ?? '{}') as ChildConfig;
  const outbox = await openOutbox({
    dataDir: config.dataDir,
    service: tokenClient(config.url, () => config.token),
    account: () => config.account,
    log: quietLogger(),
  });
  outbox.onChange((event) => {
    if (event.type !== 'op' || event.op.kind !== 'event.series') return;
    if (event.op.status !== 'sending' || event.op.result?.steps !== config.freezeAt) return;
    process.stdout.write(`steps ${event.op.result.steps}\n`);
    // Told from inside the durable write, before the sender goes on to the next visit: stop the world here.
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 60_000);
  });
  outbox.start();
  process.stdout.write('started\n');
}

main().catch((error: unknown) => {
  process.stderr.write(`series-child failed: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(2);
});
