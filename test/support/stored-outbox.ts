/**
 * Rewrites the ops of a stopped core's outbox as an older app would have stored them: the log is opened with the
 * data key, each put passed through `edit`, and the result written back (sealed and placed as today's log is).
 */
import { join } from 'node:path';
import { loadDataKey } from '../../main/core/outbox/data-key';
import { KeptAside } from '../../main/core/outbox/kept-aside';
import { OpLog } from '../../main/core/outbox/op-log';
import type { OutboxOp } from '../../main/core/outbox/types';
import type { Platform } from '../../main/core/platform';
import { memoryLogger } from './core-fixture';

export async function rewriteStoredOps(
  dataDir: string,
  platform: Pick<Platform, 'settings' | 'cipher'>,
  edit: (op: OutboxOp) => OutboxOp,
): Promise<void> {
  const dir = join(dataDir, 'outbox');
  const log = memoryLogger();
  const { key } = await loadDataKey(dir, platform.settings, platform.cipher, log);
  const { opLog, records } = await OpLog.open(dir, key, log, new KeptAside(dir), Date.now());
  await opLog.compact(() => records.map((r) => (r.t === 'put' ? { t: 'put', op: edit(r.op) } : r)));
  await opLog.close();
}

/** An op as stored before payloads carried their format's version. */
export function unversioned(op: OutboxOp): OutboxOp {
  const { payloadVersion: _version, ...rest } = op;
  return rest;
}
