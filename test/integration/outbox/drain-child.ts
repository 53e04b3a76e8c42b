/**
 * Child process of the kill -9 test: opens the outbox on a data folder, sends until nothing is left, and exits 0.
 * Prints "started <unfinished ops>" once sending began, "sending <id>" each time an op is durably marked as being
 * sent (the parent kills on these), and "drained" at the end. Argument: JSON {dataDir, url, token, account, options}.
 */
import type { OutboxOptions } from '../../../main/core/outbox';
import { openOutbox, quietLogger, tokenClient } from './outbox-setup';

interface ChildConfig {
  dataDir: string;
  url: string;
  token: string;
  account: string;
  options: OutboxOptions;
}

async function main(): Promise<void> {
  const config = JSON.parse(process.argv[2] ?? '{}') as ChildConfig;
  const outbox = await openOutbox({
    dataDir: config.dataDir,
    service: tokenClient(config.url, () => config.token),
    account: () => config.account,
    log: quietLogger(),
    options: { ...config.options, doneRetentionMs: Number.POSITIVE_INFINITY },
  });
  const before = outbox.counts().byAccount[config.account];
  outbox.onChange((event) => {
    if (event.type === 'op' && event.op.status === 'sending') process.stdout.write(`sending ${event.op.id}\n`);
  });
  outbox.start();
  process.stdout.write(`started ${before ? before.queued + before.sending : 0}\n`);
  for (;;) {
    const c = outbox.counts().byAccount[config.account];
    if (!c || c.queued + c.sending === 0) break;
    await new Promise((r) => setTimeout(r, 10));
  }
  const attention = outbox.counts().byAccount[config.account]?.needsAttention ?? 0;
  await outbox.close();
  process.stdout.write(attention === 0 ? 'drained\n' : `attention ${attention}\n`);
  process.exit(attention === 0 ? 0 : 3);
}

main().catch((error: unknown) => {
  process.stderr.write(`drain-child failed: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(2);
});
