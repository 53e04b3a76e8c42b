/**
 * Text-message consent: may a patient's phone be texted? The service keeps it in its lists (opt-out, opt-in and the
 * stoplist its STOP replies fill; GET /v1/lists, read through the cache like every read), and this workstation learns
 * it too: "Stop texting this patient" (the `list.add` outbox op, shown stopped while it waits) and a text the service
 * refused because the patient opted out. What was learnt here is kept in the read cache beside the lists, and counts
 * until a read of the lists made after it says otherwise.
 */
import { z } from 'zod';
import type { ConsentAnswer, OutboxItem, TextConsent } from '../../../common/contract';
import { readLists } from '../api/lists-api';
import { ServiceError } from '../api/service-error';
import { cacheSlot } from '../cache/read-cache';
import { readThrough, unreachable, type Read } from '../cache/read-through';
import { signedInAccount, type CoreContext } from '../core-context';
import type { OpChange, OpView } from '../outbox';
import { countryOf } from '../phone/country';
import { toE164 } from '../phone/phones';

/** The lists as the app keeps them: the entries of each kind, and whether only those opted in may be texted. */
const listsSchema = z.object({
  optOut: z.array(z.string()),
  stoplist: z.array(z.string()),
  optIn: z.array(z.string()),
  explicitOptIn: z.boolean(),
});
type KeptLists = z.output<typeof listsSchema>;
const listsSlot = cacheSlot('the consent lists', listsSchema);
const LISTS_KEY = 'consent:lists';

/** What this workstation learnt per phone: when it was stopped, how, and when that was learnt. */
const learntSchema = z.record(
  z.string(),
  z.object({ at: z.number(), learntAt: z.number(), via: z.enum(['asked_here', 'text_refused']) }),
);
type Learnt = z.output<typeof learntSchema>;
const learntSlot = cacheSlot('consent learnt here', learntSchema);
const LEARNT_KEY = 'consent:learnt';

/** How a thread's phone is found (a refused reply names its thread only). */
export type PhoneOfThread = (threadId: number) => Promise<string | null>;

const str = (v: unknown) => (typeof v === 'string' ? v : '');
const entriesOf = (op: OpView): string[] =>
  Array.isArray(op.payload.entries) ? op.payload.entries.filter((e): e is string => typeof e === 'string') : [];

/** Reads consent, queues "Stop texting", and remembers what the outbox learns. */
export class ConsentService {
  /** Notes being written: a read waits for them, so it says what was just learnt. */
  private writing: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly context: CoreContext,
    private readonly phoneOfThread: PhoneOfThread = async () => null,
  ) {}

  /** The consent of each phone: from the lists (fresh, else kept), the "Stop texting" waiting, and what was learnt. */
  async read(phones: readonly string[]): Promise<ConsentAnswer> {
    const account = signedInAccount(this.context);
    const waitingAtStart = new Set(this.waiting(account).map((op) => op.id));
    await this.writing;
    const country = await countryOf(this.context, account);
    const { lists, unknownWhy } = await this.lists(account);
    const learnt = (await this.context.cache.get(account, learntSlot, LEARNT_KEY))?.value ?? {};
    const waiting = this.waiting(account);
    // A "Stop texting" that went through while this read ran is stopped too: the lists may have been read before it
    // reached the service, and what it taught is written only after (a read begun later waits for that).
    const wentThrough = this.context.outbox
      .listFamily('list')
      .filter((op) => op.kind === 'list.add' && op.status === 'done' && waitingAtStart.has(op.id));
    const out: Record<string, TextConsent> = {};
    for (const asked of phones) {
      const phone = toE164(asked, country) ?? asked.trim();
      const done = wentThrough.find((op) => entriesOf(op).includes(phone));
      out[asked] = done
        ? { state: 'stopped', via: 'asked_here', since: done.createdAt, waiting: null }
        : consentOf(phone, lists, learnt[phone], waiting);
    }
    return { phones: out, source: lists?.source ?? null, fetchedAt: lists?.fetchedAt ?? null, unknownWhy };
  }

  /** The "Stop texting" changes of the account still waiting to go. */
  private waiting(account: string): OpView[] {
    return this.context.outbox.pendingOfKind('list.add').filter((op) => op.accountKey === account);
  }

  /** "Stop texting this patient": their phones onto the opt-out list, through the outbox (queued offline). */
  async stop(args: { phones: readonly string[]; who: string }): Promise<OutboxItem> {
    const account = signedInAccount(this.context);
    const scopes = this.context.grantedScopes();
    if (scopes !== null && !scopes.includes('lists:write')) {
      throw new ServiceError('scope', 'PUT /v1/lists', 'Frontdesk does not have permission for that.', {
        status: 403,
        requiredScope: 'lists:write',
      });
    }
    const country = await countryOf(this.context, account);
    const entries = [...new Set(args.phones.map((p) => toE164(p, country) ?? p.trim()))];
    return this.context.outbox.enqueue('list.add', { type: 'opt_out', entries, who: args.who.trim() });
  }

  /** The outbox's news: a "Stop texting" that went through, or a text refused because the patient opted out. */
  outboxChanged(change: OpChange): void {
    if (!('op' in change)) return;
    const op = change.op;
    if (op.kind === 'list.add' && op.status === 'done') {
      this.learn(op.accountKey, entriesOf(op), { at: op.createdAt, via: 'asked_here' });
    } else if (
      op.kind.startsWith('message.') &&
      op.status === 'needs_attention' &&
      op.lastError?.serviceMessage === 'opted_out'
    ) {
      const at = op.lastError.at;
      const threadId = typeof op.payload.conversation_id === 'number' ? op.payload.conversation_id : null;
      const phone = str(op.payload.phone_number);
      this.writing = this.writing
        .then(async () => (phone ? phone : threadId === null ? null : await this.phoneOfThread(threadId)))
        .then((found) => found && this.learn(op.accountKey, [found], { at, via: 'text_refused' }))
        .catch(() => undefined);
    }
  }

  /** Keeps `phones` as stopped (in E.164 when it can be worked out). */
  private learn(account: string, phones: string[], note: { at: number; via: 'asked_here' | 'text_refused' }): void {
    const cache = this.context.cache;
    this.writing = this.writing
      .then(async () => {
        const country = await countryOf(this.context, account);
        const learnt: Learnt = { ...((await cache.get(account, learntSlot, LEARNT_KEY))?.value ?? {}) };
        const learntAt = this.context.clock.now();
        for (const p of phones) learnt[toE164(p, country) ?? p.trim()] = { ...note, learntAt };
        await cache.put(account, learntSlot, LEARNT_KEY, learnt, learntAt);
      })
      .catch((error: unknown) =>
        this.context.log.warn('consent: could not keep what was learnt', { error: String(error) }),
      );
  }

  /** The lists, fresh or kept; null with why when they cannot be known. */
  private async lists(
    account: string,
  ): Promise<{ lists: Read<KeptLists> | null; unknownWhy: ConsentAnswer['unknownWhy'] }> {
    const scopes = this.context.grantedScopes();
    if (scopes !== null && !scopes.includes('lists:read')) return { lists: null, unknownWhy: 'no_permission' };
    try {
      const lists = await readThrough(this.context, account, listsSlot, LISTS_KEY, async () => {
        const answer = await readLists(this.context.service);
        const of = (type: string) => [
          ...new Set(answer.lists.filter((l) => l.type === type).flatMap((l) => l.entries)),
        ];
        return {
          optOut: of('opt_out'),
          stoplist: of('stoplist'),
          optIn: of('opt_in'),
          explicitOptIn: answer.explicit_opt_in === true,
        };
      });
      return { lists, unknownWhy: null };
    } catch (error) {
      if (error instanceof ServiceError && error.kind === 'scope') return { lists: null, unknownWhy: 'no_permission' };
      if (unreachable(error)) return { lists: null, unknownWhy: 'not_read' };
      throw error;
    }
  }
}

/** One phone's consent (E.164 when known): a waiting "Stop texting" first, then what was learnt, then the lists. */
function consentOf(
  phone: string,
  lists: Read<KeptLists> | null,
  note: Learnt[string] | undefined,
  waiting: readonly OpView[],
): TextConsent {
  const op = waiting.find((o) => entriesOf(o).includes(phone));
  if (op)
    return { state: 'stopped', via: 'asked_here', since: op.createdAt, waiting: { id: op.id, status: op.status } };
  const kept = lists?.value;
  // What was learnt here counts until a read of the lists made after it (another desk may have taken it back).
  const noteHolds = note !== undefined && (lists === null || note.learntAt >= lists.fetchedAt);
  const listed = kept?.optOut.includes(phone) ? 'opt_out' : kept?.stoplist.includes(phone) ? 'stoplist' : null;
  if (noteHolds || (note && listed)) return { state: 'stopped', via: note.via, since: note.at, waiting: null };
  if (listed) return { state: 'stopped', via: listed, since: null, waiting: null };
  if (!kept) return { state: 'unknown', via: null, since: null, waiting: null };
  if (kept.explicitOptIn && !kept.optIn.includes(phone))
    return { state: 'not_opted_in', via: null, since: null, waiting: null };
  return { state: 'allowed', via: null, since: null, waiting: null };
}
