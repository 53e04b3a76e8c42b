/** POST/PUT /v1/events: patch semantics, wholesale participants/custom_data, unique external_id per account. */
import { z } from 'zod';
import { badRequest, notFound } from '../errors';
import { calendarById, calendarByName } from './calendars';
import { boolish, idParam, scalarRecord, str } from './http';
import { normalizeEmail, normalizePhone } from './phones';
import { liveContactByExternalId, liveEventByExternalId, type Ids } from './store';
import { isValidZone, MINUTE, parseTimeInput } from './time';
import type { AccountData, Calendar, EventRec, Participant } from './types';

const participantIn = z.object({
  id: idParam.optional(),
  name: str(200).optional(),
  phone: str(40).optional(),
  email: str(254).optional(),
  contact_id: idParam.optional(),
  contact_external_id: str(200).optional(),
});
const eventIn = z.object({
  id: idParam.optional(),
  external_id: str(200).min(1, 'must not be empty').nullable().optional(),
  calendar: str(200).trim().min(1, 'must not be empty').optional(),
  calendar_id: idParam.optional(),
  title: str(500).optional(),
  start_time: str(40).optional(),
  end_time: str(40).optional(),
  time_zone: str(64).optional(),
  location: str(1000).optional(),
  content: str(10_000).optional(),
  all_day: z.boolean().optional(),
  show_as: z
    .union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(4)])
    .nullable()
    .optional(),
  custom_data: scalarRecord.optional(),
  participants: z.array(participantIn).max(50, 'at most 50 participants').optional(),
});
type EventIn = z.output<typeof eventIn>;

/** Body of POST and PUT /v1/events. */
export const eventsBody = z.object({
  events: z.array(eventIn).min(1, 'must hold at least one event').max(200, 'at most 200 events per request'),
  prevent_calendar_creation: boolish.optional(),
});

const MAX_LENGTH = 31 * 24 * 60 * MINUTE;

function buildParticipant(
  acc: AccountData,
  ids: Ids,
  p: z.output<typeof participantIn>,
  old: Participant[],
  where: string,
  now: number,
): Participant {
  const contact =
    p.contact_id !== undefined
      ? (acc.contacts.get(p.contact_id) ?? badRequest(`${where}.contact_id ${p.contact_id} not found`))
      : p.contact_external_id !== undefined
        ? (liveContactByExternalId(acc, p.contact_external_id) ?? badRequest(`${where}.contact_external_id not found`))
        : undefined;
  const name = (p.name ?? contact?.name ?? '').trim();
  const phone = (p.phone ?? contact?.phones.find((x) => x.isPrimary)?.number ?? '').trim();
  const rawEmail = (p.email ?? contact?.emails.find((x) => x.isPrimary)?.address ?? '').trim();
  if (!name && !phone && !rawEmail) badRequest(`${where} needs a name, phone, email or contact`);
  const normalizedPhone = phone
    ? (normalizePhone(phone, acc.country) ?? badRequest(`${where}.phone "${phone.slice(0, 40)}" is not a phone number`))
    : null;
  const email = rawEmail ? (normalizeEmail(rawEmail) ?? badRequest(`${where}.email is not an e-mail address`)) : '';
  const same = (o: Participant): boolean =>
    name.toLowerCase() === o.name.toLowerCase() &&
    ((normalizedPhone !== null && o.normalizedPhone === normalizedPhone) || (email !== '' && o.email === email));
  const match =
    p.id !== undefined
      ? (old.find((o) => o.id === p.id) ?? badRequest(`${where}.id ${p.id} is not a participant of this event`))
      : old.find((o) => (contact !== undefined && o.contactId === contact.id) || same(o));
  const changed = !match || match.name !== name || match.phone !== phone || match.email !== email;
  return {
    id: match?.id ?? ids.next('participant'),
    name,
    phone,
    normalizedPhone,
    email,
    contactId: contact?.id ?? match?.contactId ?? null,
    state: match?.state ?? 'initial',
    checkInState: match?.checkInState ?? null,
    updatedAt: changed ? now : (match?.updatedAt ?? now),
  };
}

function times(ev: EventIn, zone: string, where: string): { start?: number; end?: number } {
  const parse = (v: string | undefined, f: string): number | undefined =>
    v === undefined
      ? undefined
      : (parseTimeInput(v, zone) ??
        badRequest(`${where}.${f} must be an ISO-8601 date-time such as 2025-06-21T14:00:00-07:00`));
  return { start: parse(ev.start_time, 'start_time'), end: parse(ev.end_time, 'end_time') };
}

function checkSpan(start: number, end: number, where: string): void {
  if (end < start) badRequest(`${where}.end_time is before start_time`);
  if (end - start > MAX_LENGTH) badRequest(`${where}: an event may last at most 31 days`);
}

/** The live event a write refers to (by id, or by external_id on PUT), checking external_id uniqueness. */
function matchEvent(
  acc: AccountData,
  ev: EventIn,
  upsert: boolean,
  where: string,
  claimed: Set<string>,
): EventRec | undefined {
  let existing: EventRec | undefined;
  if (ev.id !== undefined) {
    if (!upsert) badRequest(`${where}.id cannot be set when creating; use PUT /v1/events to update`);
    existing = acc.events.get(ev.id) ?? notFound(`${where}: event ${ev.id} not found`);
    if (existing.isDeleted) badRequest(`${where}: event ${ev.id} is deleted`);
  } else if (upsert && ev.external_id) {
    existing = liveEventByExternalId(acc, ev.external_id);
  }
  if (ev.external_id) {
    const other = liveEventByExternalId(acc, ev.external_id);
    if (other && other.id !== existing?.id)
      badRequest(`${where}.external_id "${ev.external_id}" is already used by event ${other.id}`, {
        external_id: ev.external_id,
        event_id: other.id,
      });
    if (claimed.has(ev.external_id))
      badRequest(`${where}.external_id "${ev.external_id}" appears twice in this request`);
    claimed.add(ev.external_id);
  }
  return existing;
}

/** Patch of an existing event: plain fields patched, participants/custom_data replaced wholesale. */
function planUpdate(
  acc: AccountData,
  ids: Ids,
  ev: EventIn,
  target: EventRec,
  where: string,
  now: number,
): () => EventRec {
  const cal = calendarById(acc, target.calendarId);
  if (
    (ev.calendar_id !== undefined && ev.calendar_id !== cal.id) ||
    (ev.calendar !== undefined && ev.calendar.toLowerCase() !== cal.name.toLowerCase())
  ) {
    badRequest(`${where}: moving an event between calendars is not supported`);
  }
  const zone = ev.time_zone ?? target.timeZone;
  const t = times(ev, zone, where);
  const start = t.start ?? target.start;
  const end = t.end ?? target.end;
  checkSpan(start, end, where);
  const participants = ev.participants?.map((p, j) =>
    buildParticipant(acc, ids, p, target.participants, `${where}.participants[${j}]`, now),
  );
  // Participants who already got messages are not removed (documented service behaviour).
  const kept = participants
    ? target.participants.filter((o) => o.state !== 'initial' && !participants.some((n) => n.id === o.id))
    : [];
  return () =>
    Object.assign(target, {
      title: ev.title ?? target.title,
      start,
      end,
      timeZone: zone,
      location: ev.location ?? target.location,
      content: ev.content ?? target.content,
      allDay: ev.all_day ?? target.allDay,
      showAs: ev.show_as === undefined ? target.showAs : ev.show_as,
      externalId: ev.external_id === undefined ? target.externalId : ev.external_id,
      customData: ev.custom_data ? Object.fromEntries(Object.entries(ev.custom_data)) : target.customData,
      participants: participants ? [...participants, ...kept] : target.participants,
      updatedAt: now,
    });
}

/** A new event (required fields checked now; a calendar named by `calendar` is created on apply). */
function planCreate(
  acc: AccountData,
  ids: Ids,
  ev: EventIn,
  prevent: boolean,
  where: string,
  now: number,
): () => EventRec {
  if (ev.title === undefined || ev.title.trim() === '') badRequest(`${where}.title is required`);
  if (ev.start_time === undefined) badRequest(`${where}.start_time is required`);
  if (ev.end_time === undefined) badRequest(`${where}.end_time is required`);
  if (ev.calendar_id === undefined && ev.calendar === undefined)
    badRequest(`${where}: calendar or calendar_id is required`);
  let cal: Calendar | undefined =
    ev.calendar_id !== undefined
      ? calendarById(acc, ev.calendar_id, `${where}.calendar_id`)
      : acc.calendars.find((c) => c.name.toLowerCase() === ev.calendar?.trim().toLowerCase());
  if (!cal && prevent) cal = calendarByName(acc, ids, ev.calendar ?? '', now, true, `${where}.calendar`);
  const zone = ev.time_zone ?? cal?.timeZone ?? acc.timeZone;
  const t = times(ev, zone, where);
  const start = t.start ?? 0;
  const end = t.end ?? 0;
  checkSpan(start, end, where);
  const participants = (ev.participants ?? []).map((p, j) =>
    buildParticipant(acc, ids, p, [], `${where}.participants[${j}]`, now),
  );
  return () => {
    const calendar = cal ?? calendarByName(acc, ids, ev.calendar ?? '', now, false);
    const rec: EventRec = {
      id: ids.next('event'),
      calendarId: calendar.id,
      externalId: ev.external_id ?? null,
      title: ev.title ?? '',
      start,
      end,
      timeZone: zone,
      allDay: ev.all_day ?? false,
      showAs: ev.show_as ?? null,
      location: ev.location ?? '',
      content: ev.content ?? '',
      customData: Object.fromEntries(Object.entries(ev.custom_data ?? {})),
      participants,
      isDeleted: false,
      createdAt: now,
      updatedAt: now,
    };
    acc.events.set(rec.id, rec);
    return rec;
  };
}

/** Validates every event of the batch; returns thunks that write them (nothing is written if any item fails). */
export function planEvents(
  acc: AccountData,
  ids: Ids,
  body: z.output<typeof eventsBody>,
  upsert: boolean,
  now: number,
): Array<() => EventRec> {
  const claimed = new Set<string>();
  const prevent = body.prevent_calendar_creation === true;
  return body.events.map((ev, i) => {
    const where = `events[${i}]`;
    if (ev.time_zone !== undefined && !isValidZone(ev.time_zone))
      badRequest(`${where}.time_zone "${ev.time_zone.slice(0, 64)}" is not an IANA time zone`);
    const existing = matchEvent(acc, ev, upsert, where, claimed);
    return existing ? planUpdate(acc, ids, ev, existing, where, now) : planCreate(acc, ids, ev, prevent, where, now);
  });
}
