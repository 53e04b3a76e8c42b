/**
 * Building a test outbox (light: no sandbox, no vitest), shared by the tests and the kill -9 child process: the Node
 * platform on a data folder and a ServiceClient whose bearer token was minted through the sandbox's admin API.
 */
import { createNodePlatform } from '../../../main/browser-host/node-platform';
import { ServiceClient } from '../../../main/core/api/service-client';
import { Outbox } from '../../../main/core/outbox';
import type { OutboxOptions } from '../../../main/core/outbox';
import { systemClock, type Clock, type Logger } from '../../../main/core/platform';

/** A logger that keeps lines (and never prints patient data, which the outbox never logs anyway). */
export function quietLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  const push = (level: string) => (message: string, fields?: Record<string, unknown>) =>
    void lines.push(`${level} ${message} ${fields ? JSON.stringify(fields) : ''}`);
  return { lines, info: push('info'), warn: push('warn'), error: push('error') };
}

/** A ServiceClient that sends the bearer token `token()` returns at the time of each request. */
export function tokenClient(
  url: string,
  token: () => string,
  clock: Clock = systemClock,
  timeoutMs = 5000,
): ServiceClient {
  const tokens = {
    authorizedFetch: (target: string, init: RequestInit = {}) => {
      const headers = new Headers(init.headers);
      headers.set('authorization', `Bearer ${token()}`);
      return fetch(target, { ...init, headers });
    },
  };
  return new ServiceClient({ baseUrl: url, tokens, clock, timeoutMs });
}

/** What a test outbox is built from. */
export interface TestOutboxSetup {
  dataDir: string;
  service: ServiceClient;
  account: () => string | null;
  online?: () => boolean;
  clock?: Clock;
  random?: () => number;
  log?: Logger;
  options?: OutboxOptions;
}

/** Opens an outbox on the real Node platform (file-key cipher, conf settings) in `dataDir`. */
export async function openOutbox(setup: TestOutboxSetup): Promise<Outbox> {
  const log = setup.log ?? quietLogger();
  const platform = createNodePlatform({
    dataDir: setup.dataDir,
    appVersion: '0.0.0-test',
    openUrl: () => undefined,
    log,
  });
  return Outbox.open(
    {
      dataDir: setup.dataDir,
      cipher: platform.cipher,
      settings: platform.settings,
      clock: setup.clock ?? systemClock,
      log,
      ...(setup.random ? { random: setup.random } : {}),
      service: setup.service,
      isOnline: setup.online ?? (() => true),
      activeAccount: setup.account,
    },
    { baseDelayMs: 5, maxDelayMs: 100, ...setup.options },
  );
}

/** Resolves when `outbox` has nothing unfinished for `account` (polling; fails after `timeoutMs`). */
export async function drained(outbox: Outbox, account: string, timeoutMs = 45_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const c = outbox.counts().byAccount[account];
    if (!c || c.queued + c.sending + c.needsAttention === 0) return;
    if (c.needsAttention > 0)
      throw new Error(
        `ops need attention: ${JSON.stringify(
          outbox
            .list(account)
            .filter((o) => o.status === 'needs_attention')
            .map((o) => [o.kind, o.lastError]),
        )}`,
      );
    if (Date.now() > deadline) throw new Error(`outbox not drained: ${JSON.stringify(c)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
