/** Seeded events: business hours in each calendar's zone, past and next 4 weeks, every participant state. */
import type { Rng } from './prng';
import type { CalendarSpec } from './seed-profiles';
import type { Ids } from './store';
import { atMinutes, HOUR, localDays, MINUTE, type LocalDay } from './time';
import {
  PARTICIPANT_STATES,
  type Calendar,
  type CheckInState,
  type Contact,
  type EventRec,
  type Participant,
  type ParticipantState,
} from './types';

const DAY = 24 * HOUR;
const SLOT = 15;
const NOTES = [
  'Prefers mornings.',
  'Sensitive to cold.',
  'Bring insurance card.',
  'Needs parking validation.',
  '',
  '',
  'Running list updated.',
  'Follow up on last visit.',
];
const CHILD_NAMES = ['Ella', 'Max', 'Lily', 'Leo', 'Ruby', 'Sam', 'Nora', 'Theo'];

function stateFor(rng: Rng, start: number, now: number): ParticipantState {
  if (start < now) {
    return rng.weighted<ParticipantState>([
      ['confirmed', 30],
      ['reminded', 15],
      ['accepted', 10],
      ['not_coming', 8],
      ['not_coming_needs_reschedule', 5],
      ['not_coming_no_reschedule', 4],
      ['declined', 4],
      ['initial', 4],
    ]);
  }
  if (start - now < 3 * DAY) {
    return rng.weighted<ParticipantState>([
      ['reminded', 35],
      ['confirmed', 35],
      ['not_coming', 6],
      ['not_coming_needs_reschedule', 6],
      ['accepted', 8],
      ['initial', 10],
    ]);
  }
  return rng.weighted<ParticipantState>([
    ['initial', 45],
    ['accepted', 25],
    ['declined', 5],
    ['confirmed', 10],
    ['not_coming_no_reschedule', 3],
    ['reminded', 12],
  ]);
}

function checkInFor(rng: Rng, state: ParticipantState, end: number, now: number): CheckInState | null {
  if (end > now || state.startsWith('not_coming') || state === 'declined') return null;
  return rng.weighted<CheckInState | null>([
    ['arrived', 50],
    ['ontime', 20],
    ['late', 10],
    ['noshow', 5],
    [null, 15],
  ]);
}

interface SeedEventOpts {
  rng: Rng;
  ids: Ids;
  n: number;
  now: number;
  accountName: string;
  externalPrefix: string;
  calendars: ReadonlyArray<{ cal: Calendar; spec: CalendarSpec }>;
  contacts: readonly Contact[];
  visits: ReadonlyArray<readonly [string, number]>;
  blockers: ReadonlyArray<readonly [string, number, 0 | null]>;
}

/** Finds starts for seeded events: an open day of the calendar, then a free run of 15-minute slots. */
class Placer {
  private readonly occupancy = new Map<string, Uint8Array>();
  private readonly dayTables = new Map<string, LocalDay[]>();

  constructor(
    private readonly rng: Rng,
    private readonly now: number,
  ) {}

  /** Start of an event of `minutes` on `cal`; Free events don't occupy; overlap is allowed after a few tries. */
  start(cal: Calendar, spec: CalendarSpec, minutes: number, free: boolean): number {
    const zone = cal.timeZone;
    let table = this.dayTables.get(zone);
    if (!table) {
      table = localDays(this.now, zone, -28, 27);
      this.dayTables.set(zone, table);
    }
    for (let attempt = 0; attempt < 60; attempt++) {
      const off = this.rng.int(-28, 27);
      const day = table[off + 28];
      if (!day || (!spec.weekdays.includes(day.weekday) && attempt < 59)) continue;
      const slots = Math.max(1, Math.floor(((spec.closeHour - spec.openHour) * 60 - minutes) / SLOT) + 1);
      const first = this.rng.int(0, slots - 1);
      const need = Math.ceil(minutes / SLOT);
      const key = `${cal.id}:${off}`;
      const occ = this.occupancy.get(key) ?? new Uint8Array(96);
      this.occupancy.set(key, occ);
      if (!free && occ.subarray(first, first + need).some((x) => x === 1) && attempt < 12) continue;
      if (!free) occ.fill(1, first, first + need);
      return atMinutes(day, zone, spec.openHour * 60 + first * SLOT);
    }
    return this.now;
  }
}

/** The participant(s) of a patient visit: the contact, sometimes with a child sharing the phone. */
function patients(
  o: SeedEventOpts,
  contact: Contact,
  state: ParticipantState,
  end: number,
  updatedAt: number,
): Participant[] {
  const { rng, ids } = o;
  const phone = contact.phones[0];
  const base = {
    phone: phone?.number ?? '',
    normalizedPhone: phone?.normalized ?? null,
    email: contact.emails[0]?.address ?? '',
    updatedAt,
  };
  const out: Participant[] = [
    {
      id: ids.next('participant'),
      name: contact.name,
      contactId: contact.id,
      state,
      checkInState: checkInFor(rng, state, end, o.now),
      ...base,
    },
  ];
  if (rng.chance(0.05)) {
    out.push({
      id: ids.next('participant'),
      name: `${rng.pick(CHILD_NAMES)} ${contact.lastName}`,
      contactId: null,
      state,
      checkInState: null,
      ...base,
    });
  }
  return out;
}

/** Builds `n` events; the first eight patient events take the eight read states in order. */
export function seedEvents(o: SeedEventOpts): EventRec[] {
  const { rng, ids, now } = o;
  const placer = new Placer(rng, now);
  const out: EventRec[] = [];
  let patientEvents = 0;
  for (let i = 0; i < o.n; i++) {
    const { cal, spec } = rng.weighted(o.calendars.map((c) => [c, c.spec.weight] as const));
    const blocker = o.contacts.length === 0 || rng.chance(0.08);
    const [visit, minutes, showAs] = blocker ? rng.pick(o.blockers) : [...rng.pick(o.visits), null];
    const start = placer.start(cal, spec, minutes, showAs === 0);
    const end = start + minutes * MINUTE;
    const createdAt = Math.min(now - HOUR, start - rng.int(1, 21) * DAY - rng.int(0, 8) * HOUR);
    const updatedAt =
      start < now
        ? Math.min(now - MINUTE, end + rng.int(0, 4) * HOUR)
        : Math.min(now - MINUTE, createdAt + rng.int(0, 48) * HOUR);
    const ev: EventRec = {
      id: 0,
      calendarId: cal.id,
      externalId: null,
      title: visit,
      start,
      end,
      timeZone: cal.timeZone,
      allDay: false,
      showAs,
      location: `${o.accountName} - ${cal.name}`,
      content: '',
      customData: {},
      participants: [],
      isDeleted: false,
      createdAt,
      updatedAt,
    };
    let forced = false;
    if (!blocker) {
      const contact = rng.pick(o.contacts);
      const state = PARTICIPANT_STATES[patientEvents] ?? stateFor(rng, start, now);
      forced = patientEvents < PARTICIPANT_STATES.length;
      patientEvents++;
      ev.participants = patients(o, contact, state, end, updatedAt);
      ev.title = ev.participants.length > 1 ? `${visit} - ${contact.lastName} family` : `${visit} - ${contact.name}`;
      ev.customData = { visit_type: visit.toLowerCase().replace(/[^a-z]+/g, '_'), provider: cal.name };
      ev.externalId = rng.chance(0.6) ? `${o.externalPrefix}${200_000 + i}` : null;
      ev.content = `${visit}. ${rng.pick(NOTES)}`.trim();
    }
    ev.isDeleted = rng.chance(0.02) && !forced;
    ev.id = ids.next('event');
    out.push(ev);
  }
  return out;
}
