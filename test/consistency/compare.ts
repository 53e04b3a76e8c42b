/**
 * Compares what the screens show of one appointment with each other and with the service, and returns every
 * contradiction as a plain record: time, zone label, state, vocabulary, count, presence, outbox.
 */
import type { ScreenName, Seen, SeenCount } from './screens';
import { dayIn, PRACTICE_ZONE, type Truth } from './truth';

type Kind = 'time' | 'zone label' | 'state' | 'vocabulary' | 'count' | 'presence' | 'outbox' | 'read marks';

/** One thing two screens (or a screen and the service) disagree on. */
export interface Contradiction {
  kind: Kind;
  /** The screens involved ("service" for the ground truth). */
  screens: string[];
  /** Whom or what it is about ("Cleaning - Ada Byron #1234"). */
  about: string;
  /** What was expected and what was shown, in the screens' words. */
  detail: string;
}

const LABEL = /\b(?:[ECMPAH][SD]T|UTC|GMT[+-][\d:]+)\b/;
const ZONES: Record<string, string> = {
  CST: 'America/Chicago',
  CDT: 'America/Chicago',
  MST: 'America/Denver',
  MDT: 'America/Denver',
};
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "9:00 AM" of an instant in a zone (as the screens write it, spaces made plain). */
function clockIn(at: number, zone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', minute: '2-digit' })
    .format(at)
    .replace(/\s+/g, ' ');
}

/** "2 Dec" of an instant in a zone. */
function dateIn(at: number, zone: string): string {
  const [, m, d] = dayIn(at, zone).split('-').map(Number) as [number, number, number];
  return `${d} ${MONTHS[m - 1]}`;
}

/** The time, day and zone label a screen's words give (the first of each). */
function parseWhen(text: string): { time: string | null; day: string | null; label: string | null } {
  const plain = text.replace(/\s+/g, ' ');
  const t = /(\d{1,2}:\d{2}) ?([AP]M)/.exec(plain);
  const d = /\b(\d{1,2}) (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\b/.exec(plain);
  return {
    time: t ? `${t[1]} ${t[2]}` : null,
    day: d ? `${Number(d[1])} ${d[2]}` : null,
    label: LABEL.exec(plain)?.[0] ?? null,
  };
}

/** The zone a label names; no label is the practice's zone (this workstation's too). */
function zoneOfLabel(label: string | null): string | null {
  if (label === null) return PRACTICE_ZONE;
  return ZONES[label] ?? null;
}

/** The person's words, longest first (so "Arrived late" is not read as "Arrived"). */
const PERSON_WORDS: [string, string][] = (
  [
    ['Cancelled — wants a new time', 'state:not_coming_needs_reschedule'],
    ['Cancelled — no new time', 'state:not_coming_no_reschedule'],
    ['Arrived on time', 'checkin:ontime'],
    ['Arrived late', 'checkin:late'],
    ['Did not come', 'checkin:noshow'],
    ['Not confirmed yet', 'state:initial'],
    ['Reminder sent', 'state:reminded'],
    ['Arrived', 'checkin:arrived'],
    ['Accepted', 'state:accepted'],
    ['Declined', 'state:declined'],
    ['Confirmed', 'state:confirmed'],
    ['Cancelled', 'state:not_coming'],
  ] as [string, string][]
).sort((a, b) => b[0].length - a[0].length);

/** What the person's words on a screen claim ("state:confirmed", "checkin:late"). */
function personClaims(words: string): string[] {
  let rest = words;
  const claims: string[] = [];
  for (const [phrase, claim] of PERSON_WORDS) {
    if (rest.includes(phrase)) {
      claims.push(claim);
      rest = rest.split(phrase).join(' ');
    }
  }
  return claims;
}

/** A booking's state in one vocabulary: the service's "pending_device_update", the app's "booked"… */
function bookingKind(state: string | null | undefined): string | null {
  if (!state) return null;
  if (state.startsWith('pending')) return 'pending';
  if (state === 'booked' || state === 'confirmed' || state === 'complete') return 'booked';
  return state;
}

/** Whether a screen ought to show this appointment at all. */
function shouldShow(screen: ScreenName, truth: Truth, now: number): boolean | null {
  switch (screen) {
    case 'schedule':
    case 'agenda':
    case 'day sheet':
      return !truth.deleted;
    case 'contact':
      return !truth.deleted && truth.end > now;
    case 'bookings':
    case 'contact bookings':
      return truth.booking !== null;
    default:
      return null;
  }
}

export interface Observed {
  truth: Truth;
  seen: Seen[];
  counts: SeenCount[];
  /** Find a patient's "Next: …" for this patient. */
  next: string | null;
  /** Whether the service is reachable and every change has been sent (else only screens are compared). */
  settled: boolean;
  now: number;
}

/** Every contradiction about one appointment. */
export function contradictions(o: Observed): Contradiction[] {
  const { truth } = o;
  const about = `${truth.title} #${truth.id}`;
  const out: Contradiction[] = [];
  const add = (kind: Kind, screens: string[], detail: string) => out.push({ kind, screens, about, detail });

  for (const s of o.seen) {
    const want = shouldShow(s.screen, truth, o.now);
    // A cancellation not sent yet (offline) may stay in view, marked as waiting: the schedule shows what is coming.
    const cancelWaits = truth.deleted && !o.settled && s.shown && s.pending === true;
    if (want !== null && want !== s.shown && !cancelWaits)
      add(
        'presence',
        [s.screen, 'service'],
        want
          ? `not shown, but the service has it ${truth.deleted ? '(cancelled there)' : `at ${clockIn(truth.start, PRACTICE_ZONE)}`}`
          : `still shown (“${s.text}”) though the service has it cancelled`,
      );
  }
  const shown = o.seen.filter((s) => s.shown);

  // Time and day: each screen's words read in the zone they name, against the service's instant.
  const zones: { screen: string; zone: string }[] = [];
  if (!truth.deleted)
    for (const s of shown) {
      if (!s.when) continue;
      const w = parseWhen(s.when);
      if (!w.time) continue;
      const zone = zoneOfLabel(w.label);
      if (!zone) {
        add('zone label', [s.screen], `“${s.when}”: ${w.label} is not a zone the practice uses`);
        continue;
      }
      zones.push({ screen: s.screen, zone });
      const want = clockIn(truth.start, zone);
      const wantDay = dateIn(truth.start, zone);
      if (w.time !== want || (w.day !== null && w.day !== wantDay))
        add(
          'time',
          [s.screen, 'service'],
          `shows “${s.when}”; the service has ${wantDay}, ${want}${w.label ? ` ${w.label}` : ''}`,
        );
    }
  const distinct = [...new Set(zones.map((z) => z.zone))];
  if (distinct.length > 1)
    add(
      'zone label',
      zones.map((z) => z.screen),
      `one appointment, ${distinct.length} clocks: ${zones.map((z) => `${z.screen} in ${z.zone}`).join(', ')}`,
    );
  else if (truth.otherZone && zones.length > 0 && distinct[0] !== truth.otherZone)
    add(
      'zone label',
      zones.map((z) => z.screen),
      `its calendar is in ${truth.otherZone}, but no screen says so (${zones.map((z) => z.screen).join(', ')})`,
    );

  // The person's state: what each screen claims, against the service.
  if (truth.person && o.settled && !truth.deleted) {
    const allowed = new Set([
      `state:${truth.person.state}`,
      ...(truth.person.checkIn ? [`checkin:${truth.person.checkIn}`] : []),
    ]);
    for (const s of shown) {
      if (s.person === undefined || s.pending) continue;
      for (const claim of personClaims(s.person))
        if (!allowed.has(claim))
          add(
            'state',
            [s.screen, 'service'],
            `says “${s.person}” (${claim}); the service has ${[...allowed].join(' and ')}`,
          );
    }
  }

  // The booking's state, where a screen shows one.
  if (truth.booking && o.settled) {
    const want = bookingKind(truth.booking.state);
    for (const s of shown) {
      const have = bookingKind(s.bookingState);
      if (have !== null && have !== want)
        add('state', [s.screen, 'service'], `booking ${have} (“${s.text}”); the service has it ${truth.booking.state}`);
    }
  }

  // One word, two meanings: a booking called "Confirmed" while the patient has not confirmed.
  if (truth.person && truth.person.state !== 'confirmed') {
    const saysConfirmed = shown.filter(
      (s) => (s.screen === 'bookings' || s.screen === 'contact bookings') && /\bConfirmed\b/.test(s.text),
    );
    const saysNot = shown.filter((s) => s.person !== undefined && /Not confirmed yet/.test(s.person));
    if (saysConfirmed.length > 0)
      add(
        'vocabulary',
        [...saysConfirmed.map((s) => s.screen), ...saysNot.map((s) => s.screen)],
        `“Confirmed” on ${saysConfirmed.map((s) => s.screen).join(', ')} while the patient has not confirmed (service: ${truth.person.state})${saysNot.length ? `; “Not confirmed yet” on ${saysNot.map((s) => s.screen).join(', ')}` : ''}`,
      );
  }

  // Counts: the day's appointments (Agenda heading, day sheet, service) and the patient's upcoming ones.
  if (o.settled) {
    const day = dayIn(truth.start);
    const dayCounts = o.counts.filter((c) => c.what === day);
    for (const c of dayCounts)
      if (c.count !== truth.dayCount)
        add('count', [c.screen, 'service'], `${day}: ${c.count} appointments; the service has ${truth.dayCount}`);
    for (const c of o.counts.filter((x) => x.what === 'upcoming'))
      if (c.count !== truth.upcoming)
        add('count', [c.screen, 'service'], `${c.count} upcoming appointments; the service has ${truth.upcoming}`);
  }

  // Find a patient: the next appointment that has not ended, as the service has it.
  if (o.next !== null && o.settled) {
    if (!truth.next) {
      if (/Next:/.test(o.next))
        add('presence', ['find a patient', 'service'], `says “${o.next}”; the service has no appointment ahead`);
    } else {
      const w = parseWhen(o.next);
      const zone = zoneOfLabel(w.label) ?? PRACTICE_ZONE;
      const want = `${dateIn(truth.next.start, zone)}, ${clockIn(truth.next.start, zone)}`;
      if (
        !/Next:/.test(o.next) ||
        w.time !== clockIn(truth.next.start, zone) ||
        w.day !== dateIn(truth.next.start, zone)
      )
        add(
          'time',
          ['find a patient', 'service'],
          `says “${o.next || '(nothing)'}”; the service's next is ${want} (${truth.next.title})`,
        );
    }
  }
  return out;
}

/** The Outbox after every change was sent: nothing about this appointment may still wait. */
export function outboxContradictions(
  rows: { kind: string; status: string; text: string }[],
  truth: Truth,
  settled: boolean,
): Contradiction[] {
  if (!settled) return [];
  const name = truth.person?.name ?? '\u0000';
  const mine = rows.filter((r) => r.text.includes(truth.title) || (name && r.text.includes(name)));
  return mine
    .filter((r) => r.status === 'queued' || r.status === 'sending')
    .map((r) => ({
      kind: 'outbox' as const,
      screens: ['outbox', 'service'],
      about: `${truth.title} #${truth.id}`,
      detail: `“${r.text}” still ${r.status} though the service has the change and nothing waits`,
    }));
}

/** Counts every tab's bar shows must agree (unread texts, changes waiting). */
export function navContradictions(tabs: { tab: string; unread: number; waiting: number }[]): Contradiction[] {
  const out: Contradiction[] = [];
  for (const what of ['unread', 'waiting'] as const) {
    const values = new Set(tabs.map((t) => t[what]));
    if (values.size > 1)
      out.push({
        kind: 'count',
        screens: tabs.map((t) => `${t.tab} tab bar`),
        about: what === 'unread' ? 'unread texts' : 'changes waiting',
        detail: tabs.map((t) => `${t.tab}: ${t[what]}`).join(', '),
      });
  }
  return out;
}
