/**
 * Offline-ready from sign-in: right after sign-in and at each start with a saved session, reads what offline work
 * needs into the encrypted read cache — calendars, address books, booking pages (types, fields, consents) with the
 * next days of free times, contacts, the next days of the schedule and the waitlist — so a receptionist who loses the
 * network at once can still add a contact, book, check in and offer a freed time. It also picks up the bookings still waiting for the office system
 * (made before a restart, on another workstation or before this sign-in), which core then follows until they settle.
 * Runs in the background, never in the way of a screen: each of its reads gives way to a screen's, and a few go at
 * once (screen-first.ts). A part that fails is logged and the whole is read again later, sooner when the service
 * comes back. While signed in it is read again every few minutes, so the saved free times stay fresh.
 */
import type { BookingService } from './bookings/booking-service';
import type { BookingWatch } from './bookings/booking-watch';
import { saveAvailability } from './bookings/saved-availability';
import type { CalendarService } from './calendar/calendar-service';
import { saveScheduleDays } from './calendar/saved-days';
import type { ContactsService } from './contacts/contacts-service';
import type { CoreContext } from './core-context';
import type { WaitlistService } from './waitlist/waitlist-service';
import { RetryTimer } from '../../common/retry-timer';

/** Timing of the reads (tests shorten them). */
export interface PrefetchOptions {
  /** Between two complete reads while signed in (default 5 min). */
  refreshMs?: number;
  /** First wait after a failed read, doubled each time (default 5 s) up to `retryCapMs` (default 5 min). */
  retryBaseMs?: number;
  retryCapMs?: number;
}

/** The services whose answers are read ahead. */
export interface PrefetchSources {
  calendar: CalendarService;
  contacts: ContactsService;
  bookings: BookingService;
  /** Bookings still waiting for the office system are picked up here, so they settle on screen after a restart. */
  settling: BookingWatch;
  /** Who waits for a freed time: offered from offline too (a cancellation taken with the network down). */
  waitlist: Pick<WaitlistService, 'list'>;
}

/** The last finished read: for whom, when, and the parts that failed (none when complete). */
export interface PrefetchRun {
  account: string;
  at: number;
  failed: string[];
}

/** Reads ahead for the signed-in account and keeps it fresh. */
export class Prefetcher {
  private account: string | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private readonly timer: RetryTimer;
  private last: PrefetchRun | null = null;
  private stopped = false;
  /** A read came due while the service was unreachable. */
  private due = false;

  constructor(
    private readonly deps: CoreContext,
    private readonly sources: PrefetchSources,
    private readonly options: PrefetchOptions = {},
  ) {
    this.timer = new RetryTimer(deps.clock, () => this.cameDue(), {
      firstMs: options.retryBaseMs ?? 5_000,
      capMs: options.retryCapMs ?? 5 * 60_000,
    });
    deps.session.on((event) => {
      if (event.type === 'signed_in') this.accountChanged(event.account);
      else if (event.type === 'signed_out') this.accountChanged(null);
    });
  }

  /** The signed-in account (on every sign-in step): a new account (sign-in, start) is read at once. */
  private accountChanged(account: string | null): void {
    if (account === this.account) return;
    this.account = account;
    this.timer.reset();
    if (account) this.runNow();
  }

  /** The service answers again: a read that failed, or came due meanwhile, is done at once. */
  online(): void {
    const failed = this.last?.account === this.account && (this.last?.failed.length ?? 0) > 0;
    if (this.account && (this.due || failed)) {
      this.timer.stop();
      this.runNow();
    }
  }

  /** The last finished read (tests and support). */
  lastRun(): PrefetchRun | null {
    return this.last;
  }

  /** A read is under way, or waits for its turn (tests and support). */
  underWay(): boolean {
    return this.running !== null;
  }

  /** Resolves when no read is under way. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** Stops reading (core stops). */
  async stop(): Promise<void> {
    this.stopped = true;
    this.timer.stop();
    await this.idle();
  }

  private runNow(): void {
    if (this.stopped) return;
    this.due = false;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.run().finally(() => {
      this.running = null;
      if (this.again) {
        this.again = false;
        this.runNow();
      }
    });
  }

  private async run(): Promise<void> {
    // Never in the way of a screen: after a sign-in it starts once the first screen has read, and every request of it
    // gives way to a screen's read and goes at most a few at once (screen-first.ts); without that, it waits for quiet.
    const background = this.deps.background;
    await (background ? background.firstScreen() : this.deps.readsFirst());
    const account = this.account;
    if (!account || account !== this.deps.account() || this.stopped) return;
    const failed = await (background ? background.run(() => this.readAll(account)) : this.readAll(account));
    if (this.deps.account() !== account) {
      // Signed out (or another account) meanwhile: nothing read for that account may stay on this computer.
      await this.deps.cache.wipeAccount(account);
      return;
    }
    this.last = { account, at: this.deps.clock.now(), failed: failed.map((f) => f.part) };
    if (failed.length === 0) {
      this.deps.log.info('saved for offline work');
      this.timer.succeed(this.stopped ? undefined : (this.options.refreshMs ?? 5 * 60_000));
      return;
    }
    const wait = this.timer.fail();
    if (this.stopped) this.timer.stop();
    this.deps.log.warn('some views could not be saved for offline work; trying again later', {
      parts: failed.map((f) => f.part),
      reason: failed[0]!.reason,
      retryInMs: wait,
    });
  }

  /** Every part, side by side; the parts that failed and why. */
  private async readAll(account: string): Promise<{ part: string; reason: string }[]> {
    const { deps } = this;
    const { calendar, contacts, bookings, settling, waitlist } = this.sources;
    const now = deps.clock.now();
    // The calendar list names the practice's zone: the saved days wait for it, so they are whole days on its clock.
    const listed = (async () => {
      const list = await calendar.calendars();
      if (list.source !== 'service') throw new Error('the service could not be reached');
    })();
    listed.catch(() => undefined);
    const parts: Record<string, () => Promise<unknown>> = {
      calendars: () => listed,
      'address books': () => contacts.freshAddressBooks(),
      'booking pages and free times': async () =>
        saveAvailability(deps.service, deps.cache, account, await bookings.freshPages(), now),
      // Everyone, so Find a patient finds any patient without the service (not only the first page); the first page of
      // everyone is kept from the same read (its pages are not asked for twice).
      contacts: () => contacts.saveAll(),
      schedule: async () => {
        await listed.catch(() => undefined); // offline: the zone saved with the list, else this computer's
        // The calendar names from the list just read (shared, not asked again).
        const zone = deps.practiceZone.reckonIn(account);
        return saveScheduleDays(deps.service, deps.cache, account, now, zone, () => calendar.names());
      },
      'bookings waiting for the office system': () => settling.followPending(),
      waitlist: async () => {
        if ((await waitlist.list()).source !== 'service') throw new Error('the service could not be reached');
      },
    };
    const names = Object.keys(parts);
    const results = await Promise.allSettled(names.map((name) => parts[name]!()));
    return results.flatMap((r, i) =>
      r.status === 'rejected' ? [{ part: names[i]!, reason: (r.reason as Error).message }] : [],
    );
  }

  /** A read came due: offline, it waits for the service to come back (online() runs it then) rather than fail again. */
  private cameDue(): void {
    if (this.deps.isOnline()) this.runNow();
    else this.due = true;
  }
}
