/** What the Outbox view and status bar need: items and counts of the active account, and held work. */
import type { OutboxItem, OutboxSummary } from '../../../preload/contract';
import { OutboxInputError, type Outbox } from '../outbox';
import type { KnownAccounts } from './known-accounts';
import { toItem } from './outbox-items';

/** Thrown when an id is not a change of the signed-in account. */
class NotYoursError extends OutboxInputError {
  constructor() {
    super('That change is not in this account’s outbox.');
  }
}

/** The outbox as the signed-in user may see and touch it. */
export class ChangesService {
  constructor(
    private readonly outbox: () => Outbox,
    private readonly account: () => string | null,
    private readonly known: KnownAccounts,
  ) {}

  /** Counts and held work. */
  summary(): OutboxSummary {
    const counts = this.outbox().counts();
    const active = this.account();
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
      keptAside: this.outbox().keptAside(),
    };
  }

  /** The signed-in account's changes, newest first. */
  list(): OutboxItem[] {
    return this.outbox().list().map(toItem).reverse();
  }

  /** Retries one of the account's changes. */
  async retry(id: string): Promise<OutboxItem> {
    this.own(id);
    return toItem(await this.outbox().retry(id));
  }

  /** "Send now anyway" for one of the account's held texts. */
  async sendAnyway(id: string): Promise<OutboxItem> {
    this.own(id);
    return toItem(await this.outbox().sendAnyway(id));
  }

  /** Discards one of the account's changes. */
  async discard(id: string): Promise<OutboxSummary> {
    this.own(id);
    await this.outbox().discard(id);
    return this.summary();
  }

  /** The user has read the kept-aside notice. */
  async acknowledgeKeptAside(): Promise<OutboxSummary> {
    await this.outbox().acknowledgeKeptAside();
    return this.summary();
  }

  /** Discards the work held for another account. */
  async discardHeld(account: string): Promise<OutboxSummary> {
    if (account === this.account())
      throw new OutboxInputError('Those are this account’s own changes; discard them one by one.');
    await this.outbox().discardAccount(account);
    return this.summary();
  }

  /** The op if it belongs to the signed-in account. */
  own(id: string) {
    const op = this.outbox().get(id);
    const active = this.account();
    if (!op || !active || op.accountKey !== active) throw new NotYoursError();
    return op;
  }
}
