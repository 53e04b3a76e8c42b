/** Opens the outbox for core, wakes it on the right moments, and turns its changes into contract events. */
import type { ServiceRequester } from '../api/service-client';
import type { EventBus } from '../events';
import { Outbox, OutboxInputError, type OpView, type OutboxOptions, type WakeReason } from '../outbox';
import type { Platform } from '../platform';
import { ChangesService } from './changes-service';
import { KnownAccounts } from './known-accounts';
import { toItem } from './outbox-items';

/** The outbox as core holds it (open after `open()`). */
export class OutboxHost {
  readonly known: KnownAccounts;
  readonly changes: ChangesService;
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
    this.changes = new ChangesService(() => this.get(), deps.account, this.known);
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
      if (event.type === 'counts' || event.type === 'removed')
        this.deps.events.emit('outbox:changed', this.changes.summary());
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
    if (this.outbox) this.deps.events.emit('outbox:changed', this.changes.summary());
  }

  /** Unfinished changes of the signed-in account (empty before the outbox opens). */
  pending(): OpView[] {
    return this.outbox ? this.outbox.pending() : [];
  }

  /** "Retry now". */
  retryNow(): void {
    this.outbox?.retryNow();
  }

  /** Stops sending and closes the log. */
  async close(): Promise<void> {
    await this.outbox?.close();
    this.outbox = null;
  }
}
