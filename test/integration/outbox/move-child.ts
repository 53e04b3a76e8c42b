/**
 * Child process of the move crash test: opens the outbox on a data folder and sends. When a move's first half is
 * recorded (the new appointment made, the old one not yet cancelled), it prints "made <id>" and freezes the process
 * there, so the parent's SIGKILL lands between the two halves by construction. Argument: JSON {dataDir, url, token,
 * account}.
 */
import { openOutbox, quietLogger, tokenClient } from './outbox-setup';

interface ChildConfig {
  dataDir: string;
  url: string;
  token: string;
  account: string;
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
    if (event.type !== 'op' || event.op.kind !== 'event.move') return;
    if (event.op.status !== 'sending' || event.op.result?.id == null) return;
    process.stdout.write(`made ${event.op.result.id}\n`);
    // Told from inside the durable write, before the sender goes on to the second half: stop the world here.
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 60_000);
  });
  outbox.start();
  process.stdout.write('started\n');
}

main().catch((error: unknown) => {
  process.stderr.write(`move-child failed: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(2);
});
