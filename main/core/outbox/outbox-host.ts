/**
 * The outbox's public face for the rest of core: opens it, wakes it at the right moments, turns its changes into
 * contract events (its one listener), and is what the signed-in user may see and touch of it (the Outbox view, the
 * status bar's counts, the work held for other sign-ins). Domain services queue their writes through `get()`.
 */
import type { OutboxItem, OutboxSummary } from '../../../preload/contract';
import type { ServiceRequester } from '../api/service-client';
import type { EventBus } from '../events';
import type { Platform } from '../platform';
import { OutboxInputError } from './kinds';
import { KnownAccounts } from './known-accounts';
import { Outbox } from './outbox';
import { toItem } from './outbox-items';
import type { OpView, OutboxOptions, WakeReason } from './types';

/** Thrown when an id is not a change of the signed-in account. */
class NotYoursError extends OutboxInputError {
  constructor() {
    super('That change is not in this account’s outbox.');
  }
}

/** The outbox as core holds it (open after `open()`). */
export class OutboxHost {
  readonly known: KnownAccounts;
  private outbox: Outbox | null = null;
  private failure: string | null = null;

  constructor(
    private readonly deps: {
      platform: Platform;
      service: ServiceRequester;
      events: EventBus;
      isOnline(): boolean;
      account(): string | null;
      options?: OutboxOptions;
    },
  ) {
    this.known = new KnownAccounts(deps.platform.settings);
  }

  /** The open outbox. */
  get(): Outbox {
    if (!this.outbox)
      throw new OutboxInputError(this.failure ?? 'Frontdesk is still starting. Please try again in a moment.');
    return this.outbox;
  }

  /** Loads the log (recovering after a crash) and starts sending. */
  async open(): Promise<void> {
    const { platform } = this.deps;
    try {
      this.outbox = await this.load();
    } catch (error) {
      // The queue's key cannot be unwrapped on this computer (keystore changed). The log is left untouched.
      platform.log.error('the outbox could not be opened', { reason: (error as Error).message });
      this.failure =
        'Frontdesk cannot read the changes waiting on this computer. Nothing was deleted; ask your administrator for help.';
      return;
    }
    this.outbox.onChange((event) => {
      if (event.type === 'op' && event.op.accountKey === this.deps.account())
        this.deps.events.emit('outbox:item', toItem(event.op));
      if (event.type === 'counts' || event.type === 'removed') this.deps.events.emit('outbox:changed', this.summary());
    });
    this.outbox.start();
  }

  private load(): Promise<Outbox> {
    const { platform } = this.deps;
    return Outbox.open(
      {
        dataDir: platform.dataDir,
        cipher: platform.cipher,
        settings: platform.settings,
        clock: platform.clock,
        log: platform.log,
        service: this.deps.service,
        isOnline: this.deps.isOnline,
        activeAccount: this.deps.account,
      },
      this.deps.options,
    );
  }

  /** Network back, resume, sign-in or account change. */
  wake(reason: WakeReason): void {
    this.outbox?.wake(reason);
    if (this.outbox) this.deps.events.emit('outbox:changed', this.summary());
  }

  /** Unfinished changes of the signed-in account (empty before the outbox opens). */
  pending(): OpView[] {
    return this.outbox ? this.outbox.pending() : [];
  }

  /** "Retry now": clears the backoff waits of the account and sends. */
  retryNow(): void {
    this.outbox?.retryNow();
  }

  /** Stops sending and closes the log. */
  async close(): Promise<void> {
    await this.outbox?.close();
    this.outbox = null;
  }

  // ── what the signed-in user sees and does ─────────────────────────────────────────────────

  /** Counts and held work. */
  summary(): OutboxSummary {
    const counts = this.get().counts();
    const active = this.deps.account();
    const held = Object.entries(counts.byAccount)
      .filter(([key, c]) => key !== active && c.queued + c.sending + c.needsAttention > 0)
      .map(([key, c]) => ({
        account: key,
        label: this.known.label(key),
        count: c.queued + c.sending + c.needsAttention,
      }));
    return {
      queued: counts.active.queued + counts.active.sending,
      needsAttention: counts.active.needsAttention,
      held,
      keptAside: this.get().keptAside(),
    };
  }

  /** The signed-in account's changes, newest first. */
  list(): OutboxItem[] {
    return this.get().list().map(toItem).reverse();
  }

  /** Retries one of the account's changes. */
  async retry(id: string): Promise<OutboxItem> {
    this.own(id);
    return toItem(await this.get().retry(id));
  }

  /** "Send now anyway" for one of the account's held texts. */
  async sendAnyway(id: string): Promise<OutboxItem> {
    this.own(id);
    return toItem(await this.get().sendAnyway(id));
  }

  /** Discards one of the account's changes. */
  async discard(id: string): Promise<OutboxSummary> {
    this.own(id);
    await this.get().discard(id);
    return this.summary();
  }

  /** The user has read the kept-aside notice. */
  async acknowledgeKeptAside(): Promise<OutboxSummary> {
    await this.get().acknowledgeKeptAside();
    return this.summary();
  }

  /** Discards the work held for another account. */
  async discardHeld(account: string): Promise<OutboxSummary> {
    if (account === this.deps.account())
      throw new OutboxInputError('Those are this account’s own changes; discard them one by one.');
    await this.get().discardAccount(account);
    return this.summary();
  }

  /** The op if it belongs to the signed-in account. */
  own(id: string): OpView {
    const op = this.get().get(id);
    const active = this.deps.account();
    if (!op || !active || op.accountKey !== active) throw new NotYoursError();
    return op;
  }
}
