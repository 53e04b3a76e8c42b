/**
 * The outbox's public face for the rest of core: opens it, wakes it at the right moments, turns its changes into
 * contract events (its one listener), and is what the signed-in user may see and touch of it (the Outbox view, the
 * status bar's counts, the work held for other sign-ins). Domain services queue their writes through `get()`.
 */
import { lstat, mkdir, readdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { OutboxItem, OutboxLocked, OutboxSummary } from '../../../common/contract';
import type { ServiceRequester } from '../api/service-client';
import type { EventBus } from '../events';
import { NO_FOLLOW } from '../no-follow';
import type { Platform } from '../platform';
import type { SessionEvents } from '../session-events';
import { DataKeyUnavailableError } from './data-key';
import { OutboxInputError, type EnqueueOptions } from './kinds';
import { fsyncDir } from './log-file';
import { accountLabel, KnownAccounts } from './known-accounts';
import { Outbox } from './outbox';
import { toItem } from './outbox-items';
import type { OpChange, OpKind, OpView, OutboxOptions, WakeReason } from './types';

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
  /** Set while the outbox's key cannot be unwrapped: the log waits, untouched, for the old key or a fresh start. */
  private locked: OutboxLocked | null = null;
  /** Core's own listeners to the signed-in account's changes (before the renderer hears of them). */
  private readonly itemListeners = new Set<(item: OutboxItem) => void>();
  private readonly opListeners = new Set<(change: OpChange) => void>();

  constructor(
    private readonly deps: {
      platform: Platform;
      service: ServiceRequester;
      events: EventBus;
      session: SessionEvents;
      isOnline(): boolean;
      account(): string | null;
      options?: OutboxOptions;
    },
  ) {
    this.known = new KnownAccounts(deps.platform.settings);
    // Signed in: who it is is remembered (for "Sign in as …"), and their queued work is sent.
    deps.session.on((event) => {
      if (event.type !== 'signed_in') return;
      this.known.remember(event.account, accountLabel(event.status));
      this.wake('signed_in');
    });
  }

  /** Follows the signed-in account's changes as the renderer sees them; returns an unsubscribe. */
  onItem(listener: (item: OutboxItem) => void): () => void {
    this.itemListeners.add(listener);
    return () => this.itemListeners.delete(listener);
  }

  /**
   * Follows the signed-in account's changes for core itself (its store): each change as it now is, payload and all,
   * and the ids of changes that left the queue unsent (discarded, withdrawn); returns an unsubscribe.
   */
  onOp(listener: (change: OpChange) => void): () => void {
    this.opListeners.add(listener);
    return () => this.opListeners.delete(listener);
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
      // The queue's key cannot be unwrapped on this computer (keystore changed, key file lost). The log and the key
      // are left untouched, so putting the old key back and restarting brings every change back.
      const file = await fileInTheWay(error);
      platform.log.error('the outbox could not be opened', {
        reason: (error as Error).message,
        ...(file ? { file: file.path } : {}),
      });
      const what = !file
        ? ''
        : file.folder
          ? `: ${file.path} is a folder where Frontdesk keeps a file`
          : `: ${file.path} cannot be opened`;
      this.failure = `Frontdesk cannot read the changes waiting on this computer${what}. Nothing was deleted; ask your administrator for help.`;
      if (error instanceof DataKeyUnavailableError) {
        this.locked = {
          changes: error.changes,
          keyFile: error.lostFile ?? platform.keyFile ?? null,
          folder: join(platform.dataDir, 'outbox'),
        };
        platform.log.error('the outbox key cannot be unwrapped; the waiting changes are kept as they are', {
          changes: error.changes,
        });
      }
      this.deps.events.emit('outbox:changed', this.summary());
      return;
    }
    this.outbox.onChange((event) => {
      if (event.type === 'op' && event.op.accountKey === this.deps.account()) {
        const item = toItem(event.op);
        for (const listener of this.opListeners) listener({ op: event.op });
        for (const listener of this.itemListeners) listener(item);
        this.deps.events.emit('outbox:item', item);
      }
      if (event.type === 'removed' && event.accountKey === this.deps.account())
        for (const listener of this.opListeners) listener({ removed: event.id });
      if (event.type === 'counts' || event.type === 'removed') this.deps.events.emit('outbox:changed', this.summary());
    });
    this.outbox.start();
    // A screen that asked before the outbox was open (signed out too) learns of changes that could not be read.
    if (this.outbox.keptAside()) this.deps.events.emit('outbox:changed', this.summary());
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

  /** Queues a write; resolves with its item once it is on disk (then it is never lost). */
  async enqueue(kind: OpKind, payload: Record<string, unknown>, options?: EnqueueOptions): Promise<OutboxItem> {
    return toItem(await this.get().enqueue(kind, payload, options));
  }

  /** Replaces the payload of a queued or refused change, keeping its place in the queue; resolves with its item. */
  async edit(
    id: string,
    payload: Record<string, unknown>,
    options?: Omit<EnqueueOptions, 'accountKey'>,
  ): Promise<OutboxItem> {
    return toItem(await this.get().edit(id, payload, options));
  }

  /** Unfinished changes of the signed-in account (empty before the outbox opens). */
  pending(): OpView[] {
    return this.outbox ? this.outbox.pending() : [];
  }

  /** The unfinished changes that name an appointment, its marks cut to the last (Outbox.pendingTouching). */
  pendingTouching(item: { id: number; externalId?: string | null | undefined }): OpView[] {
    return this.outbox ? this.outbox.pendingTouching(item) : [];
  }

  /** The unfinished ops of one kind of the signed-in account, in queue order (Outbox.pendingOfKind). */
  pendingOfKind(kind: OpKind): OpView[] {
    return this.outbox ? this.outbox.pendingOfKind(kind) : [];
  }

  /** The unfinished ops of the signed-in account that make an appointment, in queue order. */
  pendingCreates(): OpView[] {
    return this.outbox ? this.outbox.pendingCreates() : [];
  }

  /** Ops of one family of kinds of the signed-in account, with the recently done (Outbox.listFamily). */
  listFamily(family: string): OpView[] {
    return this.outbox ? this.outbox.listFamily(family) : [];
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

  /**
   * The user's choice while the outbox is locked: the old log, its key and everything beside them move into a
   * `set-aside-<time>` folder (untouched, with a note saying how many changes wait there), and a new, empty outbox
   * opens with a new key. Only then may a new key be written.
   */
  async startAfresh(): Promise<OutboxSummary> {
    const locked = this.locked;
    if (!locked || this.outbox)
      throw new OutboxInputError('The changes waiting on this computer can be read; there is nothing to set aside.');
    const { platform } = this.deps;
    const stamp = new Date(platform.clock.now()).toISOString().replace(/[:.]/g, '-');
    const aside = join(locked.folder, `set-aside-${stamp}`);
    await mkdir(aside, { mode: 0o700 });
    for (const name of await readdir(locked.folder)) {
      if (name.startsWith('kept-aside') || name.startsWith('set-aside-')) continue;
      await rename(join(locked.folder, name), join(aside, name));
    }
    await writeFile(join(aside, 'README.txt'), setAsideNote(locked), { mode: 0o600, flag: NO_FOLLOW.create });
    fsyncDir(aside);
    fsyncDir(locked.folder);
    platform.log.warn("the locked outbox was set aside at the user's request; a new, empty outbox starts", {
      changes: locked.changes,
      folder: aside,
    });
    this.locked = null;
    this.failure = null;
    await this.open();
    const summary = this.summary();
    this.deps.events.emit('outbox:changed', summary);
    return summary;
  }

  /** Counts and held work. */
  summary(): OutboxSummary {
    if (!this.outbox && this.failure)
      return { queued: 0, needsAttention: 0, held: [], keptAside: null, locked: this.locked, cannotOpen: this.failure };
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
      locked: null,
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

/** What the set-aside folder holds, for whoever finds it (support, an administrator). */
function setAsideNote(locked: OutboxLocked): string {
  return [
    'Changes that were waiting to be sent from this computer, set aside by the user because their key could not be',
    `unwrapped: at most ${locked.changes} change(s), some of which may have reached the service already.`,
    '',
    locked.keyFile
      ? `To read them again: stop Frontdesk, put the old key file back as ${locked.keyFile}, move these files back into`
      : 'To read them again: restore the system keystore this computer had (the user profile it was sealed in), move',
    locked.keyFile
      ? `${locked.folder} once the Outbox shows nothing waiting (they replace the new ones), and start Frontdesk.`
      : `these files back into ${locked.folder} once the Outbox shows nothing waiting, and start Frontdesk.`,
    '',
  ].join('\n');
}

/**
 * The file a failed start was about, when the error names one (a folder planted at the name of the log, its
 * watermark, its key's fingerprint or a temp file; a file that cannot be opened), so the message can say which.
 */
async function fileInTheWay(error: unknown): Promise<{ path: string; folder: boolean } | null> {
  const e = error as { path?: unknown; info?: { path?: unknown } } | null;
  const path = typeof e?.path === 'string' ? e.path : typeof e?.info?.path === 'string' ? e.info.path : null;
  if (!path) return null;
  const folder = await lstat(path).then(
    (st) => st.isDirectory(),
    () => false,
  );
  return { path, folder };
}
