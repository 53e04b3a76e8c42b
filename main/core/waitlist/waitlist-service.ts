/**
 * The waitlist, core's one face for it. The list is kept at the service (api/waitlist-records.ts: events on a
 * calendar of its own, on one past day, free, with nobody on them), so every workstation reads the same list; writes
 * go through the outbox (kinds/waitlist.ts), so it works offline like everything else, and a read laid over with the
 * changes waiting here shows them at once.
 *
 * A time freed here (a cancellation or a move of an appointment the store knows) is kept with who fits it: the
 * entries for that provider (or anyone), that day of the week and a window that holds the whole visit, first added
 * first. "Offer by text" queues the offer as one unit; each workstation that hears a patient's YES to a live offer
 * queues the answer, which the service's unique external ids settle exactly once (kinds/waitlist.ts).
 */
import type {
  AgendaItem,
  FreedTime,
  InboundText,
  OfferInput,
  OfferStep,
  OutboxItem,
  WaitlistEntry,
  WaitlistInput,
  WaitlistView,
} from '../../../common/contract';
import { listEventsInRange } from '../api/calendar-api';
import { ANCHOR, answerKey, idOf, RECORD_KEY, recordKeyOf, textOf, type CustomData } from '../api/waitlist-records';
import { cacheSlot } from '../cache/read-cache';
import { readThrough } from '../cache/read-through';
import { signedInAccount, type CoreContext } from '../core-context';
import type { OpChange, OpView } from '../outbox';
import { countryOf } from '../phone/country';
import { displayPhone, toE164 } from '../phone/phones';
import type { CountryCode } from 'libphonenumber-js';
import { InputRefusedError } from '../input-refused';
import { z } from 'zod';

/** A waitlist record as read from the service (the fields the list needs). */
const recordSchema = z.object({
  id: z.number(),
  externalId: z.string(),
  kind: z.enum(['entry', 'offer', 'answer']),
  data: z.record(z.string(), z.unknown()),
});
type WaitRecord = z.output<typeof recordSchema>;

const listSlot = cacheSlot('the waitlist', z.array(recordSchema));
const LIST_KEY = 'waitlist:records';
const freedSchema = z.array(
  z.object({
    appointmentId: z.number(),
    calendarId: z.number().nullable(),
    calendarName: z.string(),
    start: z.string(),
    end: z.string(),
    appointmentType: z.string(),
  }),
);
const freedSlot = cacheSlot('times freed here', freedSchema);
const FREED_KEY = 'waitlist:freed';
/** How much earlier than an offer's own clock a reply may be stamped by the service's (clock skew). */
const SKEW_MS = 2 * 60_000;
/** Freed times kept (the latest). */
const MAX_FREED = 20;

type Freed = z.output<typeof freedSchema>[number];

/** An appointment's type: its title before " - " ("Cleaning - Maria Garcia" → "Cleaning"). */
const typeOfTitle = (title: string): string => title.split(' - ')[0]?.trim() ?? '';

/** Wall time "HH:MM" and ISO weekday of an instant in a zone. */
function wallOf(iso: string, zone: string): { day: number; time: string } {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(iso));
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  const day = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(get('weekday')) + 1;
  return { day, time: `${get('hour')}:${get('minute')}` };
}

/** The entry as the screens see it. */
function entryOf(r: WaitRecord, pending: boolean, country: CountryCode | null = null): WaitlistEntry {
  const d = r.data;
  const phone = textOf(d.wl_phone);
  return {
    key: r.externalId,
    name: textOf(d.wl_name),
    phone,
    phoneDisplay: displayPhone(phone, toE164(phone, country) ?? phone, country),
    contactId: idOf(d.wl_contact_id),
    calendarId: idOf(d.wl_calendar_id),
    providerName: textOf(d.wl_provider),
    appointmentType: textOf(d.wl_type),
    days: textOf(d.wl_days)
      .split(',')
      .map(Number)
      .filter((n) => n >= 1 && n <= 7),
    from: textOf(d.wl_from) || '00:00',
    to: textOf(d.wl_to) || '23:59',
    note: textOf(d.wl_note),
    addedAt: textOf(d.wl_added_at),
    pending,
  };
}

/** Whether the entry fits the freed time: provider, day, a window holding the whole visit, type. */
export function fits(entry: WaitlistEntry, freed: Freed, zone: string): boolean {
  if (entry.calendarId !== null && entry.calendarId !== freed.calendarId) return false;
  const start = wallOf(freed.start, zone);
  const end = wallOf(freed.end, zone);
  if (!entry.days.includes(start.day)) return false;
  if (start.time < entry.from || (end.day === start.day && end.time > entry.to)) return false;
  const want = entry.appointmentType.toLowerCase();
  return want === '' || freed.appointmentType === '' || freed.appointmentType.toLowerCase() === want;
}

/** The same phone however written: the last ten digits (a number typed before the practice's country was known). */
const samePhone = (a: string, b: string): boolean => {
  const digits = (s: string) => s.replace(/\D/g, '').slice(-10);
  return digits(a).length >= 7 && digits(a) === digits(b);
};

/** What a waitlist op's payload says (the outbox keeps payloads as records). */
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** The waitlist side of core. */
export class WaitlistService {
  private records: { account: string; list: WaitRecord[]; fetchedAt: number; source: 'service' | 'cache' } | null =
    null;
  private freed: { account: string; list: Freed[] } | null = null;

  constructor(private readonly context: CoreContext) {
    context.session.on((event) => {
      if (event.type === 'signed_out' || event.type === 'account_changed') {
        this.records = null;
        this.freed = null;
      }
    });
  }

  // ── reads ───────────────────────────────────────────────────────────────────────────────

  /** The list fresh from the service (the saved copy when it cannot be reached), with the changes waiting here. */
  async list(): Promise<WaitlistView> {
    const account = signedInAccount(this.context);
    const read = await readThrough(this.context, account, listSlot, LIST_KEY, async () => {
      const events = await listEventsInRange(this.context.service, ANCHOR.begin, ANCHOR.end);
      // A record is named by what the service keeps (an answer may leave external_id out): recordKeyOf.
      const given = this.givenKeys(account);
      return events.flatMap((e): WaitRecord[] => {
        const kind = e.custom_data[RECORD_KEY];
        if (kind !== 'entry' && kind !== 'offer' && kind !== 'answer') return [];
        const externalId = recordKeyOf(e, given);
        return externalId ? [{ id: e.id, externalId, kind, data: e.custom_data }] : [];
      });
    });
    this.records = { account, list: read.value, fetchedAt: read.fetchedAt, source: read.source };
    return this.view(account);
  }

  /** The list as last read, with the changes waiting here (nothing read). */
  private async view(account: string): Promise<WaitlistView> {
    const records = this.records?.account === account ? this.records : null;
    const list = records?.list ?? [];
    const ops = this.ops(account);
    // Changes made here since the list was read: waiting, or sent after the read (not in it yet, or still in it).
    const since = records?.fetchedAt ?? 0;
    const newer = (o: OpView) => o.status !== 'done' || (o.finishedAt ?? 0) > since;
    const removing = new Set(
      ops.filter((o) => o.kind === 'waitlist.remove' && o.status !== 'done').map((o) => str(o.payload.external_id)),
    );
    const removed = new Set(
      ops
        .filter((o) => o.kind === 'waitlist.remove' && o.status === 'done' && newer(o))
        .map((o) => str(o.payload.external_id)),
    );
    const booked = new Set(
      ops
        .filter((o) => o.kind === 'waitlist.answer' && o.status === 'done' && o.result?.state === 'booked')
        .map((o) => str(o.payload.entry)),
    );
    const known = new Set(list.map((r) => r.externalId));
    const country = await countryOf(this.context, account);
    const entries = [
      ...list.filter((r) => r.kind === 'entry').map((r) => entryOf(r, removing.has(r.externalId), country)),
      ...ops
        .filter((o) => o.kind === 'waitlist.put' && newer(o) && !known.has(str(o.payload.external_id)))
        .map((o) =>
          entryOf(
            { id: 0, externalId: str(o.payload.external_id), kind: 'entry', data: o.payload.custom_data as CustomData },
            o.status !== 'done',
            country,
          ),
        ),
    ]
      .filter((e) => !booked.has(e.key) && !removed.has(e.key))
      .sort((a, b) => a.addedAt.localeCompare(b.addedAt));
    const zone = this.context.practiceZone.get(account) ?? 'UTC';
    const offers = this.offers(account, list, ops, entries);
    const now = this.context.clock.now();
    const freed: FreedTime[] = (await this.freedList(account))
      .filter((f) => Date.parse(f.start) > now)
      .map((f) => ({
        ...f,
        fits: entries.filter((e) => !e.pending && fits(e, f, zone)).map((e) => e.key),
        offerKey: offers.find((o) => o.appointmentId === f.appointmentId)?.key ?? null,
      }));
    return {
      entries,
      freed,
      offers: offers.map(({ appointmentId: _a, ...o }) => o),
      fetchedAt: records?.fetchedAt ?? now,
      source: records?.source ?? 'cache',
    };
  }

  /** The offers (read, and made here and not yet at the service), newest first, each person's step. */
  private offers(account: string, list: WaitRecord[], ops: OpView[], entries: WaitlistEntry[]) {
    const now = this.context.clock.now();
    const offerOps = new Map(
      ops.filter((o) => o.kind === 'waitlist.offer').map((o) => [str(o.payload.external_id), o]),
    );
    const records = list.filter((r) => r.kind === 'offer');
    for (const [key, op] of offerOps) {
      if (!records.some((r) => r.externalId === key))
        records.push({ id: 0, externalId: key, kind: 'offer', data: op.payload.custom_data as CustomData });
    }
    const answers = new Map(list.filter((r) => r.kind === 'answer').map((r) => [r.externalId, r]));
    const answerOps = ops.filter((o) => o.kind === 'waitlist.answer');
    return records
      .map((r) => {
        const d = r.data;
        const keys = textOf(d.wl_entries).split(' ').filter(Boolean);
        const names = textOf(d.wl_names).split('|');
        const op = offerOps.get(r.externalId);
        const sentCount = op
          ? op.status === 'done'
            ? keys.length
            : Number(/^sent:(\d+)$/.exec(op.result?.state ?? '')?.[1] ?? 0)
          : keys.length;
        const expiresAt = textOf(d.wl_expires_at);
        const people = keys.map((entryKey, i) => {
          const answer = answers.get(answerKey(r.externalId, entryKey));
          const local = answerOps.find((o) => o.payload.offer === r.externalId && o.payload.entry === entryKey);
          const result = textOf(answer?.data.wl_result);
          const localState = local?.result?.state ?? '';
          let step: OfferStep = i < sentCount ? 'sent' : 'queued';
          if (answer || local) step = 'replied';
          if (result === 'booked' || localState === 'booked' || localState === 'texting:booked') step = 'booked';
          if (result === 'taken' || localState === 'taken' || localState === 'texting:taken') step = 'taken';
          const name = names[i] || entries.find((e) => e.key === entryKey)?.name || '';
          return { entryKey, name, step };
        });
        return {
          key: r.externalId,
          appointmentId: idOf(d.wl_appointment_id),
          calendarName: textOf(d.wl_provider),
          start: textOf(d.wl_start),
          end: textOf(d.wl_end),
          appointmentType: textOf(d.wl_type),
          expiresAt,
          expired: Date.parse(expiresAt) <= now,
          people,
          sentAt: textOf(d.wl_sent_at),
        };
      })
      .sort((a, b) => b.sentAt.localeCompare(a.sentAt))
      .map(({ sentAt: _s, ...o }) => o);
  }

  /** This account's waitlist ops, done ones too (an answer settled here says how it ended). */
  private ops(account: string): OpView[] {
    try {
      return this.context.outbox
        .get()
        .list()
        .filter((o) => o.accountKey === account && o.kind.startsWith('waitlist.')) as OpView[];
    } catch {
      return [];
    }
  }

  /** The external ids this desk gave the records it made, by the event id each write's answer named. */
  private givenKeys(account: string): Map<number, string> {
    const given = new Map<number, string>();
    for (const o of this.ops(account)) {
      if (o.kind !== 'waitlist.put' && o.kind !== 'waitlist.offer') continue;
      const id = o.result?.id;
      const key = str(o.payload.external_id);
      if (typeof id === 'number' && key) given.set(id, key);
    }
    return given;
  }

  private async freedList(account: string): Promise<Freed[]> {
    if (this.freed?.account === account) return this.freed.list;
    const saved = await this.context.cache.get(account, freedSlot, FREED_KEY).catch(() => null);
    this.freed = { account, list: saved?.value ?? [] };
    return this.freed.list;
  }

  // ── writes (through the outbox) ─────────────────────────────────────────────────────────

  /** Adds a patient to the list. */
  async add(input: WaitlistInput & { appointmentType: string; note: string }): Promise<OutboxItem> {
    const account = signedInAccount(this.context);
    const phone = toE164(input.phone, await countryOf(this.context, account)) ?? input.phone.trim();
    const provider =
      input.calendarId === undefined
        ? ''
        : (this.context.store.practice()?.calendars.find((c) => c.id === input.calendarId)?.name ?? '');
    const data: CustomData = {
      wl_name: input.name,
      wl_phone: phone,
      wl_contact_id: input.contactId ?? null,
      wl_calendar_id: input.calendarId ?? null,
      wl_provider: provider,
      wl_type: input.appointmentType,
      wl_days: [...new Set(input.days)].sort().join(','),
      wl_from: input.from,
      wl_to: input.to,
      wl_note: input.note,
      wl_added_at: new Date(this.context.clock.now()).toISOString(),
    };
    const item = await this.context.outbox.enqueue('waitlist.put', {
      record: 'entry',
      title: `Waitlist: ${input.name}`.slice(0, 200),
      custom_data: data,
      who: input.name,
    });
    void this.tell();
    return item;
  }

  /** Takes a patient off the list (one added here and not yet sent is simply withdrawn). */
  async remove(key: string): Promise<OutboxItem> {
    const account = signedInAccount(this.context);
    const entry = (await this.view(account)).entries.find((e) => e.key === key);
    const item = await this.context.outbox.enqueue('waitlist.remove', {
      external_id: key,
      ...(entry ? { who: entry.name } : {}),
    });
    void this.tell();
    return item;
  }

  /** Offers a freed time by text to the patients chosen, in the order given. */
  async offer(input: OfferInput): Promise<OutboxItem> {
    const account = signedInAccount(this.context);
    await this.list().catch(() => null); // as the service has it now (another desk may have taken someone off)
    const view = await this.view(account);
    const freed = (await this.freedList(account)).find((f) => f.appointmentId === input.appointmentId);
    if (!freed || freed.calendarId === null) throw new WaitlistInputError('That freed time is no longer known here.');
    const people = input.entryKeys.map((k) => view.entries.find((e) => e.key === k));
    if (people.some((p) => !p)) throw new WaitlistInputError('Someone chosen is no longer on the waitlist.');
    const chosen = people as WaitlistEntry[];
    const now = this.context.clock.now();
    const data: CustomData = {
      wl_appointment_id: freed.appointmentId,
      wl_calendar_id: freed.calendarId,
      wl_provider: freed.calendarName,
      wl_start: freed.start,
      wl_end: freed.end,
      wl_type: freed.appointmentType,
      wl_entries: chosen.map((p) => p.key).join(' '),
      wl_names: chosen.map((p) => p.name.replace(/\|/g, ' ')).join('|'),
      wl_phones: chosen.map((p) => p.phone.replace(/\|/g, ' ')).join('|'),
      wl_confirm: input.confirmText,
      wl_taken: input.takenText,
      wl_sent_at: new Date(now).toISOString(),
      wl_expires_at: new Date(now + input.expiresInMinutes * 60_000).toISOString(),
    };
    const names = chosen.map((p) => p.name);
    const item = await this.context.outbox.enqueue('waitlist.offer', {
      title: `Waitlist offer: ${freed.appointmentType || 'visit'} ${freed.start}`.slice(0, 200),
      custom_data: data,
      people: chosen.map((p) => ({ phone: p.phone, name: p.name })),
      text: input.text,
      who: names.length > 2 ? `${names.slice(0, 2).join(', ')} and ${names.length - 2} more` : names.join(' and '),
    });
    void this.tell();
    return item;
  }

  // ── what core hears ─────────────────────────────────────────────────────────────────────

  /**
   * A patient's text arrived: a YES from a phone a live offer went to, sent after the offer and before it lapsed,
   * queues the answer — once per offer and patient on this workstation; the service settles it across them.
   */
  async inbound(text: InboundText, phoneOf: (threadId: number) => Promise<string | null>): Promise<void> {
    if (text.meaning !== 'confirm') return;
    const account = this.context.account();
    if (!account) return;
    const phone = await phoneOf(text.threadId);
    if (!phone) return;
    // Read again: the offer may be another desk's, or sent since the last read.
    await this.list().catch(() => null);
    const at = Date.parse(text.at);
    const list = this.records?.account === account ? this.records.list : [];
    const ops = this.ops(account);
    // The offers that went to this phone, newest first; a YES answers one sent before it (less a clock-skew margin)
    // and not yet lapsed.
    const toPhone = list
      .filter((r) => r.kind === 'offer')
      .filter((r) =>
        textOf(r.data.wl_phones)
          .split('|')
          .some((p) => samePhone(p, phone)),
      )
      .sort((a, b) => textOf(b.data.wl_sent_at).localeCompare(textOf(a.data.wl_sent_at)));
    const offers = toPhone.filter(
      (r) => Date.parse(textOf(r.data.wl_sent_at)) - SKEW_MS <= at && at < Date.parse(textOf(r.data.wl_expires_at)),
    );
    if (offers.length === 0) {
      this.context.log.info('waitlist reply', { outcome: toPhone.length > 0 ? 'offer_lapsed' : 'no_offer' });
      return;
    }
    for (const offer of offers) {
      const i = textOf(offer.data.wl_phones)
        .split('|')
        .findIndex((p) => samePhone(p, phone));
      if (i < 0) continue;
      const entry = textOf(offer.data.wl_entries).split(' ')[i];
      if (!entry) continue;
      if (
        ops.some(
          (o) => o.kind === 'waitlist.answer' && o.payload.offer === offer.externalId && o.payload.entry === entry,
        )
      ) {
        this.context.log.info('waitlist reply', { outcome: 'already_queued' });
        return;
      }
      const name = textOf(offer.data.wl_names).split('|')[i] || text.name || 'Patient';
      const entryRecord = list.find((r) => r.externalId === entry);
      const contactId = entryRecord ? idOf(entryRecord.data.wl_contact_id) : null;
      const calendarId = idOf(offer.data.wl_calendar_id);
      if (calendarId === null) return;
      const type = textOf(offer.data.wl_type);
      await this.context.outbox.enqueue(
        'waitlist.answer',
        {
          offer: offer.externalId,
          entry,
          name,
          phone,
          ...(contactId !== null ? { contact_id: contactId } : {}),
          calendar_id: calendarId,
          title: `${type || 'Visit'} - ${name}`,
          start_time: textOf(offer.data.wl_start),
          end_time: textOf(offer.data.wl_end),
          confirm_text: textOf(offer.data.wl_confirm),
          taken_text: textOf(offer.data.wl_taken),
          who: name,
        },
        { zone: this.context.practiceZone.get(account) },
      );
      this.context.log.info('waitlist reply', { outcome: 'queued' });
      void this.tell();
      return;
    }
  }

  /**
   * A change of the outbox: a cancellation or a move queued here frees the appointment's time (kept with who fits
   * it); a waitlist change is told to the screen as it stands.
   */
  outboxChanged(change: OpChange): void {
    if (!('op' in change)) return;
    const op = change.op;
    const account = this.context.account();
    if (!account || op.accountKey !== account) return;
    if (op.status === 'queued' && op.attempts === 0) {
      const appointment = this.freedBy(op);
      // A visit with someone on it: a free block ("On call", "Hold") or a meeting frees nobody's time.
      if (
        appointment &&
        !appointment.free &&
        appointment.people.length > 0 &&
        Date.parse(appointment.start) > this.context.clock.now()
      )
        void this.keepFreed(account, {
          appointmentId: appointment.id,
          calendarId: appointment.calendarId ?? null,
          calendarName: appointment.calendarName,
          start: appointment.start,
          end: appointment.end,
          appointmentType: typeOfTitle(appointment.title),
        });
    }
    if (op.kind.startsWith('waitlist.')) void this.tell();
  }

  /**
   * The appointment whose time a change queued here frees, as last read: a cancellation, a move to another calendar,
   * or a change of its time.
   */
  private freedBy(op: OpView): AgendaItem | null {
    const p = op.payload;
    const ref = (op.kind === 'event.move' ? p.from : p) as { id?: unknown } | undefined;
    const id = typeof ref?.id === 'number' ? ref.id : null;
    if (id === null || !['event.delete', 'event.move', 'event.update'].includes(op.kind)) return null;
    const read = this.context.store.appointmentAsRead(id);
    if (!read) return null;
    if (op.kind !== 'event.update') return read;
    const to = typeof p.start_time === 'string' ? Date.parse(p.start_time) : NaN;
    return Number.isFinite(to) && to !== Date.parse(read.start) ? read : null;
  }

  private async keepFreed(account: string, freed: Freed): Promise<void> {
    const list = await this.freedList(account);
    if (list.some((f) => f.appointmentId === freed.appointmentId)) return;
    const next = [freed, ...list].slice(0, MAX_FREED);
    this.freed = { account, list: next };
    await this.context.cache.put(account, freedSlot, FREED_KEY, next, this.context.clock.now()).catch(() => undefined);
    await this.tell();
  }

  /** The list as it stands here, told to the screens (nothing read). */
  private async tell(): Promise<void> {
    const account = this.context.account();
    if (!account) return;
    const view = await this.view(account).catch(() => null);
    if (view && this.context.account() === account) this.context.events.emit('waitlist:changed', view);
  }
}

/** A waitlist request the desk must change (told in plain words). */
class WaitlistInputError extends InputRefusedError {}
