/**
 * Device-backed bookings followed until they settle. A booking page backed by the practice's own calendar system (a
 * SQL or Exchange connector) answers "pending" at first; the final word is read from GET /v1/bookings later (spec,
 * "States and transitions"). Core asks once at once (to learn the appointment), then after 1 s, 2 s, 4 s … at most
 * 30 s, only while one is still pending, and says every change with the `bookings:settling` event: the booking
 * result, the Bookings screen and the schedule follow that one event instead of each polling on its own.
 */
import type {
  AgendaChanges,
  AgendaItem,
  BookingFailure,
  BookingSettle,
  BookingSummary,
  OutboxItem,
} from '../../../common/contract';
import { listBookings, type BookingRecord } from '../api/bookings-api';
import { ServiceError } from '../api/service-error';
import type { CoreContext } from '../core-context';
import { RetryTimer, backoffWait, type Backoff } from '../../../common/retry-timer';
import { bookingKind } from '../model/booking-summary';

const FIRST_MS = 1000;
/** An answer still pending counts as a failure of the timer: 1 s, 2 s, 4 s … at most 30 s. */
const SETTLE_BACKOFF: Backoff = { firstMs: FIRST_MS, capMs: 30_000 };
/** Settled bookings kept (the most recent), so the schedule and the result still say how they ended. */
const KEEP_SETTLED = 100;

/** Why a followed booking was not made: the office system refused it, or the service no longer has it. */
export const REFUSED_REASON = 'refused' satisfies BookingFailure;
const GONE_REASON = 'gone' satisfies BookingFailure;
/** The service's states of a booking still waiting for the office system (spec, "States and transitions"). */
const PENDING_STATES = ['pending_device_update', 'pending_device_update_for_contact'];
/** Waiting bookings picked up per state in one read (more than a desk has waiting at once). */
const PENDING_PAGE = 100;

/** Wait before asking again after `attempt` answers that were still pending: 1 s, 2 s, 4 s … at most 30 s. */
export function settleDelay(attempt: number): number {
  return backoffWait(attempt + 1, SETTLE_BACKOFF);
}

/** A followed booking and the last copy of its appointment (shown on, marked, if the booking is refused). */
interface Followed extends BookingSettle {
  item: AgendaItem | null;
}

const settleOf = (f: Followed): BookingSettle => ({
  id: f.id,
  eventId: f.eventId,
  name: f.name,
  state: f.state,
  reason: f.reason,
});
const byStart = (a: AgendaItem, b: AgendaItem) => Date.parse(a.start) - Date.parse(b.start) || a.id - b.id;

/** What the watcher needs of core's context. */
type BookingWatchDeps = Pick<CoreContext, 'service' | 'clock' | 'events' | 'session' | 'account' | 'log'>;

/** Follows device-backed bookings of the signed-in account until they settle. */
export class BookingWatch {
  private readonly followed = new Map<number, Followed>();
  private owner: string | null = null;
  private readonly timer: RetryTimer;
  private checking = false;
  private again = false;

  constructor(private readonly deps: BookingWatchDeps) {
    this.timer = new RetryTimer(deps.clock, () => void this.check(), SETTLE_BACKOFF);
    deps.session.on((event) => {
      if (event.type === 'account_changed') this.accountChanged();
    });
  }

  /** Every followed booking (waiting, and those settled since). */
  list(): BookingSettle[] {
    this.ownedNow();
    return [...this.followed.values()].map(settleOf);
  }

  /** A booking the outbox sent: followed when the service answered that it is pending. */
  outboxItem(item: OutboxItem): void {
    if (item.kind !== 'booking.book_now' || item.status !== 'done' || !item.result?.id) return;
    this.saw({ id: item.result.id, eventId: null, name: '', state: item.result.state ?? 'pending' });
  }

  /** A booking read from the service (the Bookings screen, a status read): followed while pending, else updated. */
  saw(b: Pick<BookingSummary, 'id' | 'state' | 'eventId' | 'name'>): void {
    this.ownedNow();
    const known = this.followed.get(b.id);
    if (known) {
      const reason = b.state === 'failed' ? REFUSED_REASON : null;
      this.update(known, { state: b.state, eventId: b.eventId ?? known.eventId, name: b.name || known.name, reason });
      return;
    }
    if (b.state !== 'pending' || !this.deps.account()) return;
    const fresh: Followed = {
      id: b.id,
      eventId: b.eventId ?? null,
      name: b.name,
      state: 'pending',
      reason: null,
      item: null,
    };
    this.followed.set(b.id, fresh);
    this.emit();
    // Asked at once when its appointment is not known yet (the schedule needs it), else after the first wait.
    this.timer.succeed(b.eventId ? FIRST_MS : 0);
  }

  /**
   * Picks up the account's bookings still waiting for the office system that nothing here follows yet — made before
   * the app restarted, on another workstation, or before this sign-in — so they settle on screen by themselves too.
   * Read with the read-ahead (after sign-in, at start with a saved session, and at each refresh); nothing is asked
   * again unless one is waiting.
   */
  async followPending(): Promise<void> {
    const owner = this.deps.account();
    if (!owner) return;
    let pages: BookingRecord[][];
    try {
      pages = await Promise.all(
        PENDING_STATES.map((state) => listBookings(this.deps.service, { state }, 1, PENDING_PAGE)),
      );
    } catch (error) {
      // Without leave to see bookings there is nothing to follow; any other failure is the read-ahead's to retry.
      if (error instanceof ServiceError && error.kind === 'scope') return;
      throw error;
    }
    if (this.deps.account() !== owner) return;
    for (const b of pages.flat())
      this.saw({
        id: b.id,
        state: bookingKind(b.state),
        eventId: b.participant?.event?.id ?? null,
        name: b.name ?? '',
      });
  }

  /** The desk has seen how it ended: no longer followed. */
  dismiss(id: number): BookingSettle[] {
    if (this.followed.delete(id)) this.emit();
    return this.list();
  }

  /** Sign-in changed: nothing of the last account is followed any more. */
  accountChanged(): void {
    if (this.owner === this.deps.account()) return;
    this.owner = this.deps.account();
    this.stop();
    if (this.followed.size === 0) return;
    this.followed.clear();
    this.emit();
  }

  /** Stops asking (core stops). */
  stop(): void {
    this.timer.stop();
  }

  // ── the schedule ───────────────────────────────────────────────────────────────────────────

  /**
   * Appointments with the state of the booking that made them. A refused booking's appointment (removed by the
   * service) stays in its range, marked "not booked", until the desk dismisses it.
   */
  annotate(items: readonly AgendaItem[], begin: string, end: string): AgendaItem[] {
    if (this.ownedNow().size === 0) return [...items];
    const byEvent = new Map([...this.followed.values()].filter((f) => f.eventId).map((f) => [f.eventId!, f]));
    const out = items.map((item) => {
      const f = byEvent.get(item.id);
      if (!f) return item;
      const { booking: _old, ...plain } = item;
      f.item = plain;
      return { ...plain, booking: settleOf(f) };
    });
    const shown = new Set(items.map((i) => i.id));
    const [from, to] = [Date.parse(begin), Date.parse(end)];
    const refused = [...byEvent.values()].filter(
      (f) => f.state === 'failed' && f.item && !shown.has(f.item.id) && inRange(f.item, from, to),
    );
    if (refused.length === 0) return out;
    return [...out, ...refused.map((f) => ({ ...f.item!, booking: settleOf(f) }))].sort(byStart);
  }

  /**
   * What changed, with the same marks. A refused booking's appointment is not taken off the schedule; nor is a
   * pending one's that the service removed — the service is asked about it at once, and it stays until it answers
   * (refused: kept, marked; otherwise it goes with the next change).
   */
  annotateChanges(changes: AgendaChanges, begin: string, end: string): AgendaChanges {
    const kept = new Map(
      [...this.ownedNow().values()]
        .filter((f) => f.item && (f.state === 'failed' || f.state === 'pending'))
        .map((f) => [f.eventId, f]),
    );
    const removedIds = changes.removedIds.filter((id) => !kept.has(id));
    if (removedIds.length < changes.removedIds.length && [...kept.values()].some((f) => f.state === 'pending'))
      this.checkSoon();
    return { ...changes, items: this.annotate(changes.items, begin, end), removedIds };
  }

  /** One appointment with its booking's state (a refused one's last copy when the service no longer has it). */
  refusedCopy(eventId: number): AgendaItem | null {
    const f = [...this.ownedNow().values()].find((x) => x.eventId === eventId && x.state === 'failed' && x.item);
    return f ? { ...f.item!, booking: settleOf(f) } : null;
  }

  // ── asking the service ─────────────────────────────────────────────────────────────────────

  /** Asks now (the schedule saw a pending booking's appointment go), keeping the backoff where it is. */
  private checkSoon(): void {
    if (this.checking) this.again = true;
    else this.timer.after(0);
  }

  /** Asks about every pending booking; waits longer each round while one is still pending, and stops when none is. */
  private async check(): Promise<void> {
    if (this.checking) {
      this.again = true;
      return;
    }
    this.checking = true;
    const owner = this.owner;
    try {
      for (const f of [...this.followed.values()].filter((x) => x.state === 'pending')) {
        if (this.deps.account() !== owner) return;
        try {
          const [b] = await listBookings(this.deps.service, { id: f.id }, 1, 1);
          if (this.deps.account() !== owner || !this.followed.has(f.id)) continue;
          if (!b) this.update(f, { ...f, state: 'failed', reason: GONE_REASON });
          else {
            const state = bookingKind(b.state);
            this.update(f, {
              state,
              eventId: b.participant?.event?.id ?? f.eventId,
              name: b.name || f.name,
              reason: state === 'failed' ? REFUSED_REASON : null,
            });
          }
        } catch (error) {
          // Offline, signed out or a refusal of the read: asked again at the next round.
          this.deps.log.info('a booking’s state could not be read', { reason: (error as Error).message });
        }
      }
    } finally {
      this.checking = false;
    }
    if (this.deps.account() !== owner || owner === null) return;
    if (this.again) {
      this.again = false;
      this.timer.after(0);
    } else if ([...this.followed.values()].some((f) => f.state === 'pending')) {
      this.timer.fail();
    }
  }

  private update(f: Followed, next: Pick<Followed, 'state' | 'eventId' | 'name' | 'reason'>): void {
    if (f.state === next.state && f.eventId === next.eventId && f.name === next.name && f.reason === next.reason)
      return;
    Object.assign(f, { state: next.state, eventId: next.eventId, name: next.name, reason: next.reason });
    if (next.state !== 'pending') this.prune();
    this.emit();
  }

  /** Keeps the most recent settled bookings only. */
  private prune(): void {
    const settled = [...this.followed.values()].filter((f) => f.state !== 'pending');
    for (const f of settled.slice(0, Math.max(0, settled.length - KEEP_SETTLED))) this.followed.delete(f.id);
  }

  /** The followed bookings, emptied first when the signed-in account is not the one they belong to. */
  private ownedNow(): Map<number, Followed> {
    if (this.owner !== this.deps.account()) this.accountChanged();
    return this.followed;
  }

  private emit(): void {
    this.deps.events.emit('bookings:settling', { bookings: [...this.followed.values()].map(settleOf) });
  }
}

function inRange(item: AgendaItem, from: number, to: number): boolean {
  const at = Date.parse(item.start);
  return at >= from && at <= to;
}
