/**
 * The practice's time zone, owned by core. It is learned from the account's calendars (calendar/calendar-list.ts:
 * the zone most of them are in, else most booking pages'), kept with the saved calendar list for offline starts,
 * told to the renderer with the session (`AuthStatus.account.zone`, pushed on `auth:changed` when it changes), and is
 * the zone core's "N days" windows are reckoned in (common/practice-time.ts: whole practice days).
 */
import { hostZone, isZone } from '../../common/practice-time';

/** The practice's zone per account, as core last learned it. */
export class PracticeZone {
  private readonly known = new Map<string, string>();
  private readonly listeners = new Set<(account: string) => void>();
  private readonly pages = new Map<string, Map<string, string>>();

  /** The account's zone, or null while core does not know it. */
  get(account: string | null): string | null {
    return account ? (this.known.get(account) ?? null) : null;
  }

  /** The zone to reckon the account's days in: the practice's, or this computer's until it is known. */
  reckonIn(account: string | null): string {
    return this.get(account) ?? hostZone();
  }

  /** Learns the account's zone (a zone this runtime does not know is ignored); listeners hear when it changed. */
  set(account: string, zone: string | null): void {
    if (!isZone(zone) || this.known.get(account) === zone) return;
    this.known.set(account, zone);
    for (const listener of [...this.listeners]) listener(account);
  }

  /** Learns the zones of the account's booking pages (by slug and id): a booking is told in its page's zone. */
  learnPages(account: string, pages: readonly { id: string; slug: string; timeZone: string }[]): void {
    const zones = new Map<string, string>();
    for (const p of pages)
      if (isZone(p.timeZone) && p.timeZone !== 'UTC') for (const name of [p.id, p.slug]) zones.set(name, p.timeZone);
    this.pages.set(account, zones);
  }

  /** A booking page's zone (by slug or id) as last learned, else the practice's; null when neither is known. */
  pageZone(account: string | null, page: string): string | null {
    return (account ? this.pages.get(account)?.get(page) : undefined) ?? this.get(account);
  }

  /** Listens for an account's zone changing. Returns an unsubscribe. */
  onChange(listener: (account: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
