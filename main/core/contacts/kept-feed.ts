/**
 * The page's copy of the contacts core keeps (common/contacts/contact-index.ts; the page's is
 * renderer/stores/kept-contacts-store.ts): the index's contacts as the changes made here leave them, sent a part at a
 * time when a screen that searches names first opens (`contacts:kept-list`), then kept current: once a page asked,
 * each change of the index or of the contact changes made here tells it what changed (`store:changed`'s
 * `keptContacts`) — only the contacts that did, in a turn of their own, never on a search's way back.
 */
import type { ContactView } from '../../../common/contract';
import { packContact, type KeptChange, type KeptChunk } from '../../../common/contacts/kept-wire';

/** The kept contacts as a page is shown them now. */
export interface KeptNow {
  /** The service's contacts in the index's order, the changes made here laid over them (one gone left out). */
  known: ContactView[];
  /** The contacts added here and not yet on the service, newest first. */
  created: ContactView[];
  fetchedAt: number | null;
}

/** Contacts in one part (about 0.5 MB of JSON, parsed by the page in a few milliseconds). */
const PART = 2_500;

/** What the pages were told last, of one account. */
interface Told {
  account: string;
  known: Map<string, ContactView>;
  /** The list the parts are cut from (as of the first part asked). */
  parts: ContactView[];
  created: string;
  fetchedAt: number | null;
}

/** The kept contacts for the pages: their parts, and what changed among them. */
export class KeptFeed {
  private told: Told | null = null;
  /** A change is waiting for its turn. */
  private due = false;

  constructor(
    private readonly now: (account: string) => Promise<KeptNow>,
    private readonly tell: (change: KeptChange) => void,
  ) {}

  /** A part of the kept contacts from `from` on; the first part also tells the pages what changed before it. */
  async part(account: string, from: number): Promise<KeptChunk> {
    const told = from === 0 || this.told?.account !== account ? await this.update(account, true) : this.told;
    const end = from + PART;
    return {
      contacts: told.parts.slice(from, end).map(packContact),
      created: from === 0 ? (JSON.parse(told.created) as ContactView[]).map(packContact) : [],
      next: end < told.parts.length ? end : null,
      fetchedAt: told.fetchedAt,
    };
  }

  /** The kept contacts or the changes made here changed: the pages are told in a turn of their own (once asked). */
  changed(account: string): void {
    if (this.told?.account !== account || this.due) return;
    this.due = true;
    setImmediate(() => {
      this.due = false;
      if (this.told?.account === account) void this.update(account, false).catch(() => undefined);
    });
  }

  /** Another account, or none: nothing told any more until a page asks again. */
  reset(): void {
    this.told = null;
  }

  /**
   * Works out the kept contacts now, tells the pages what changed since they were told last, and keeps it; the parts
   * are cut anew only for a first part (a page still asking for the next ones gets them as they were, and the changes
   * since as told).
   */
  private async update(account: string, anew: boolean): Promise<Told> {
    const now = await this.now(account);
    const known = new Map(now.known.map((c) => [c.key, c]));
    const created = JSON.stringify(now.created);
    const was = this.told?.account === account ? this.told : null;
    if (was) {
      const put = now.known.filter((c) => {
        const before = was.known.get(c.key);
        return before !== c && (!before || JSON.stringify(before) !== JSON.stringify(c));
      });
      const removed = [...was.known.keys()].filter((key) => !known.has(key));
      const createdChanged = created !== was.created;
      if (put.length > 0 || removed.length > 0 || createdChanged || now.fetchedAt !== was.fetchedAt)
        this.tell({
          put: put.map(packContact),
          removed,
          ...(createdChanged ? { created: now.created.map(packContact) } : {}),
          fetchedAt: now.fetchedAt,
        });
    }
    const told = { account, known, parts: anew || !was ? now.known : was.parts, created, fetchedAt: now.fetchedAt };
    this.told = told;
    return told;
  }
}
