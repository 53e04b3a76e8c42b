/**
 * Outbox figures: the cost of queueing one change with an empty queue and with 5,000 waiting
 * (the ratio shows whether it grows with the queue), and drain throughput against the sandbox.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Outbox } from '../../main/core/outbox';
import { drained, openOutbox, tokenClient } from '../integration/outbox/outbox-setup';
import { mintToken } from '../integration/outbox/helpers';
import type { Sandbox } from '../sandbox/index';
import { measure, type Figure } from './measure';

let n = 0;
const contact = () => ({
  address_book_id: 2001,
  name: `Bench Person ${++n}`,
  phone: `+1312555${String(n % 10000).padStart(4, '0')}`,
});

async function queueCost(label: string, backlog: number, sandbox: Sandbox): Promise<Figure> {
  const dataDir = mkdtempSync(join(tmpdir(), 'frontdesk-bench-outbox-'));
  const outbox: Outbox = await openOutbox({
    dataDir,
    service: tokenClient(sandbox.url, () => 'unused'),
    account: () => 'bench#1',
    online: () => false,
  });
  await Promise.all(Array.from({ length: backlog }, () => outbox.enqueue('contact.create', contact())));
  const figure = await measure(label, () => outbox.enqueue('contact.create', contact()), 200, 10);
  await outbox.close();
  rmSync(dataDir, { recursive: true, force: true });
  return figure;
}

/** Returns the queueing figures, the ratio, and a drain rate line. */
export async function outboxFigures(sandbox: Sandbox): Promise<{ figures: Figure[]; lines: string[] }> {
  const empty = await queueCost('outbox enqueue (fsync), empty queue', 0, sandbox);
  const full = await queueCost('outbox enqueue (fsync), 5000 waiting', 5000, sandbox);
  const token = await mintToken(sandbox.url, 'owner@frontdesk.test');
  const dataDir = mkdtempSync(join(tmpdir(), 'frontdesk-bench-drain-'));
  const outbox = await openOutbox({
    dataDir,
    service: tokenClient(sandbox.url, () => token),
    account: () => 'bench#1',
    online: () => false,
  });
  for (let i = 0; i < 500; i++) await outbox.enqueue('contact.create', contact());
  await outbox.close();
  const sender = await openOutbox({
    dataDir,
    service: tokenClient(sandbox.url, () => token),
    account: () => 'bench#1',
  });
  const t0 = performance.now();
  sender.start();
  await drained(sender, 'bench#1', 120_000);
  const seconds = (performance.now() - t0) / 1000;
  await sender.close();
  rmSync(dataDir, { recursive: true, force: true });
  return {
    figures: [empty, full],
    lines: [
      `outbox enqueue cost ratio (5000 waiting / empty): ${(full.medianMs / empty.medianMs).toFixed(2)}`,
      `outbox drain, 500 contact creates against the sandbox: ${(500 / seconds).toFixed(0)} ops/s (${seconds.toFixed(2)} s)`,
    ],
  };
}
