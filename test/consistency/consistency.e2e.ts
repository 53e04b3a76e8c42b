/**
 * One truth on every screen: a seeded, randomized day at the front desk through the browser host against the
 * sandbox. Each step is chosen by a PRNG from the seed (CONSISTENCY_SEED; `npm run test:consistency -- --seed N`),
 * then every appointment it touched is read on every screen that shows it — the schedule block and its details, the
 * Agenda, the printed day sheet, the Bookings screen, the contact's history, Find a patient and the Outbox, each
 * parked in its own tab of the same host — and compared with each other and with the service. Every contradiction
 * is collected; the test fails listing them all, with the seed.
 */
import { expect, it } from 'vitest';
import { settleDelay } from '../../main/core/bookings/booking-watch';
import { createRng, pick, type Rng } from '../sandbox/prng';
import { practiceDay, practiceNow, practiceWeekday } from '../e2e/support/clock';
import type { FrontdeskPage } from '../e2e/support/driver';
import { faults, openSized } from '../e2e/support/schedule';
import { useStack } from '../e2e/support/stack';
import { contradictions, navContradictions, outboxContradictions, type Contradiction } from './compare';
import {
  navCounts,
  readAgenda,
  readBookings,
  readDaySheet,
  readPatient,
  readOutbox,
  readSchedule,
  type Seen,
  type SeenCount,
} from './screens';
import {
  book,
  cancel,
  changeElsewhere,
  eventById,
  mark,
  MARKS,
  moveBy,
  moveByDrag,
  moveByEdit,
  patientTexts,
  readThread,
  seededCandidates,
  signOutAndIn,
  until,
  type Followed,
} from './steps';
import {
  calendarZones,
  dayIn,
  eventsBetween,
  PRACTICE_ZONE,
  truthOf,
  wallToInstant,
  type ServiceEvent,
  type Truth,
} from './truth';
import { drawsFrames, pageProbe, reviveStalled, StuckTabs, withinOrStuck, type Stall } from './watchdog';

const SEED = Number(process.env.CONSISTENCY_SEED ?? '1');
const STEPS = Number(process.env.CONSISTENCY_STEPS ?? '60');
const AGAIN = `npm run test:consistency -- --seed ${SEED}${process.env.E2E_AT_NAME ? ` --at ${process.env.E2E_AT_NAME}` : ''}`;

// A device-backed booking settles in 1.5 s: long enough to be seen waiting, short enough for 60 steps.
const stack = useStack({ deviceSettleMs: 1_500 });
/** Core's asks about a waiting booking after it was made (1 + 2 + 4 + 8 s): by then one came after the 1.5 s. */
const SETTLE_PATIENCE_MS = [0, 1, 2, 3].reduce((n, attempt) => n + settleDelay(attempt), 0);
/**
 * One read of every tab takes seconds on a busy machine (a pass of the slowest screen: about 10 s here with two seeds
 * at once); one that has not ended in two minutes is a tab that stopped answering (watchdog.ts).
 */
const READ_LIMIT_MS = 120_000;

type StepKind =
  | 'move by drag'
  | 'move by edit'
  | 'cancel, then Undo'
  | 'cancel'
  | 'mark'
  | 'book (plain page)'
  | 'book (Denver, device-backed)'
  | 'changed at the service'
  | 'patient texts'
  | 'offline stretch'
  | 'sign out and in';

/** How often each step comes up (weights). */
const WEIGHTS: [StepKind, number][] = [
  ['move by drag', 10],
  ['move by edit', 10],
  ['cancel, then Undo', 6],
  ['cancel', 4],
  ['mark', 10],
  ['book (plain page)', 6],
  ['book (Denver, device-backed)', 5],
  ['changed at the service', 6],
  ['patient texts', 5],
  ['offline stretch', 5],
  ['sign out and in', 3],
];

/** CONSISTENCY_ONLY="mark,cancel": only these steps (to look at one kind closely); the seed still picks among them. */
const ONLY = (process.env.CONSISTENCY_ONLY ?? '').split(',').filter(Boolean);

function chooseStep(rng: Rng): StepKind {
  const weights = ONLY.length ? WEIGHTS.filter(([k]) => ONLY.includes(k)) : WEIGHTS;
  const total = weights.reduce((n, [, w]) => n + w, 0);
  let r = rng() * total;
  for (const [kind, w] of weights) if ((r -= w) < 0) return kind;
  return weights[0]![0];
}

/** An error's first line and where in this folder it was thrown. */
function whyFailed(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const at = (error.stack ?? '').split('\n').find((l) => l.includes('test/consistency/'));
  return `${error.message.split('\n')[0]}${
    at
      ? ` (${at
          .trim()
          .replace(/^at /, '')
          .replace(/.*test\/consistency\//, '')})`
      : ''
  }`;
}

const FIRST = ['Ada', 'Grace', 'Alan', 'Edsger', 'Barbara', 'Ken', 'Radia', 'Donald', 'Frances', 'Leslie'];
const LAST = ['Byron', 'Hopper', 'Turing', 'Dijkstra', 'Liskov', 'Thompson', 'Perlman', 'Knuth', 'Allen', 'Lamport'];

interface Tabs {
  actor: FrontdeskPage;
  agenda: FrontdeskPage;
  sheet: FrontdeskPage;
  bookings: FrontdeskPage;
  patient: FrontdeskPage;
  outbox: FrontdeskPage;
}

/** A step's record for the report. */
interface StepRecord {
  step: number;
  kind: StepKind;
  what: string;
  ms: number;
}

it(
  `seed ${SEED}: ${STEPS} steps, every screen tells one truth`,
  async () => {
    const rng = createRng(SEED);
    const started = Date.now();
    const today = practiceDay(0);
    const open = () => openSized(stack, { timezoneId: PRACTICE_ZONE });
    const actor = await open();
    await actor.signIn('owner@frontdesk.test').then((portal) => portal.close());
    await actor.waitForAuth('signed_in');
    const [agenda, sheet, bookings, patient, outbox] = await Promise.all([open(), open(), open(), open(), open()]);
    const tabs: Tabs = { actor, agenda, sheet, bookings, patient, outbox };
    for (const t of Object.values(tabs)) await t.waitForAuth('signed_in');
    // The day sheet is what the print shows: this tab is printed media all the time.
    await sheet.page.emulateMedia({ media: 'print' });
    const zones = await calendarZones(stack);

    // What to follow: seeded patients' appointments in the coming days (one on the Denver calendar when there is one).
    const last = practiceDay(6);
    const candidates = await seededCandidates(stack, practiceDay(1), last);
    const followed: Followed[] = [];
    const denver = candidates.filter((e) => zones.get(e.calendar_id));
    const local = candidates.filter((e) => !zones.get(e.calendar_id));
    for (const e of [
      ...(denver.length ? [pick(rng, denver)] : []),
      pick(rng, local),
      pick(rng, local),
      pick(rng, local),
    ])
      if (!followed.some((f) => f.id === e.id))
        followed.push({
          id: e.id,
          bookingId: null,
          name: e.participants[0]!.name,
          phone: e.participants[0]!.normalized_phone,
          page: null,
        });
    const gone: Followed[] = [];

    const found: (Contradiction & { step: number; action: string })[] = [];
    const errors: string[] = [];
    const log: StepRecord[] = [];
    let booked = 0;
    /** Time spent reading the screens (for the verbose log), and the slowest read of each screen this step. */
    let observing = 0;
    let slowest: Record<string, number> = {};
    const timed = (what: string, since: number) => (slowest[what] = Math.max(slowest[what] ?? 0, Date.now() - since));
    const clocked = async <T>(what: string, read: Promise<T>): Promise<T> => {
      const since = Date.now();
      const value = await read;
      timed(what, since);
      return value;
    };

    /** A read of every tab, or a StuckTabs naming those that stopped answering (the run then ends: they stay stuck). */
    const unstuck = <T>(step: number, read: Promise<T>) =>
      withinOrStuck(`reading the screens at step ${step}`, read, READ_LIMIT_MS, Object.keys(tabs), (tab) =>
        pageProbe(tabs[tab as keyof Tabs].page),
      );

    /** Tabs Chromium stopped drawing, found and reloaded (watchdog.ts): reported, and a failure when one stays stalled. */
    const stalls: (Stall & { step: number })[] = [];
    const keepDrawing = async (step: number) => {
      const found = await reviveStalled(
        Object.keys(tabs),
        (tab) => drawsFrames(tabs[tab as keyof Tabs].page, 5_000),
        async (tab) => {
          const t = tabs[tab as keyof Tabs];
          await t.page.reload({ timeout: 30_000 });
          await t.waitForAuth('signed_in');
        },
      );
      for (const stall of found) {
        stalls.push({ ...stall, step });
        if (!stall.revived)
          errors.push(`step ${step}: the ${stall.tab} tab stopped drawing, and still did not after a reload`);
      }
    };

    /** Reads every screen of one appointment and compares; again while they disagree, until `patience` ms passed. */
    async function observe(
      f: Followed,
      step: number,
      action: string,
      o: { settled: boolean; intent?: Truth; patience: number },
    ) {
      const t0 = Date.now();
      const deadline = t0 + o.patience;
      let passes = 0;
      let last: Contradiction[];
      for (;;) {
        await keepDrawing(step);
        const t1 = Date.now();
        const truth = o.intent ?? (await truthOf(stack, f.id, f.bookingId, zones));
        if (!truth) return;
        timed('service', t1);
        const day = dayIn(truth.start);
        const [schedule, agendaRead, sheetRead, bookingRows, patientRead, outboxRows] = await unstuck(
          step,
          Promise.all([
            clocked('schedule', readSchedule(actor, day, today, [f.id], truth.deleted ? null : f.id, !truth.deleted)),
            clocked('agenda', readAgenda(agenda, day, today, [f.id], !truth.deleted)),
            clocked('sheet', readDaySheet(sheet, day, today, [f.id])),
            f.bookingId === null
              ? Promise.resolve([] as Seen[])
              : clocked('bookings', readBookings(bookings, [{ id: f.id, bookingId: f.bookingId }])),
            clocked('patient', readPatient(patient, f.name, f.id, f.bookingId)),
            clocked('outbox', readOutbox(outbox)),
          ]),
        );
        // The tab bars last: each tab hears the outbox's count on its own, a moment apart.
        const bars = await unstuck(
          step,
          Promise.all(Object.entries(tabs).map(async ([tab, t]) => ({ tab, ...(await navCounts(t)) }))),
        );
        const seen = [...schedule.seen, ...agendaRead.seen, ...sheetRead.seen, ...bookingRows, ...patientRead.seen];
        const counts: SeenCount[] = [...agendaRead.counts, ...sheetRead.counts, ...patientRead.counts];
        last = [
          ...contradictions({ truth, seen, counts, next: patientRead.next, settled: o.settled, now: practiceNow() }),
          ...outboxContradictions(outboxRows, truth, o.settled),
          ...navContradictions(bars),
        ];
        if (truth.otherZone) {
          const head = schedule.columns.find((c) => /Satellite/.test(c));
          if (head !== undefined && !/Denver|M[SD]T/.test(head))
            last.push({
              kind: 'zone label',
              screens: ['schedule column'],
              about: truth.title,
              detail: `the Denver calendar's column “${head}” does not name its zone`,
            });
        }
        // A read takes seconds on a busy machine: what disagrees is read at least once more before it counts.
        if (last.length === 0 || (Date.now() > deadline && ++passes > 1)) break;
      }
      for (const c of last) found.push({ ...c, step, action });
      observing += Date.now() - t0;
    }

    /** Waits until every change made here was sent (the status bar's queue is empty). */
    const drained = () => actor.page.getByTestId('queue-status').waitFor({ state: 'detached', timeout: 30_000 });

    /** Waits until the service shows what a write meant. */
    const serviceHas = (f: Followed, what: string, ok: (e: ServiceEvent | null) => boolean) =>
      until(what, async () => (ok(await eventById(stack, f.id)) ? true : undefined), 30_000);

    for (let step = 1; step <= STEPS; step++) {
      const chosen = chooseStep(rng);
      // Keep at least three appointments to follow: a cancellation then is undone.
      const kind: StepKind = chosen === 'cancel' && followed.length <= 3 ? 'cancel, then Undo' : chosen;
      const t0 = Date.now();
      observing = 0;
      slowest = {};
      let what = '';
      await keepDrawing(step);
      try {
        if (kind === 'book (plain page)' || kind === 'book (Denver, device-backed)') {
          const n = ++booked;
          const who = {
            name: `${pick(rng, FIRST)} ${pick(rng, LAST)} ${String.fromCharCode(65 + ((SEED + n) % 26))}${n}`,
            phone: `+1312555${String(1000 + ((SEED * 97 + n * 13) % 9000)).padStart(4, '0')}`,
          };
          const page = kind === 'book (plain page)' ? 'lakeside-dental-cleaning' : 'lakeside-dental-satellite';
          const day = practiceWeekday(1 + Math.floor(rng() * 4));
          const made = await book(stack, actor, page, day, Math.floor(rng() * 4), who);
          const f: Followed = { id: made.eventId, bookingId: made.bookingId, ...who, page };
          followed.push(f);
          what = `${who.name} on ${page}, ${made.day}`;
          await drained();
          // Core asks about a device-backed booking on its own backoff (booking-watch.ts: 1 s, 2 s, 4 s, 8 s…): the
          // screens may say "Waiting" until its next ask after the service settled it, so wait up to that ask.
          await observe(f, step, kind, {
            settled: true,
            patience: kind === 'book (plain page)' ? 2_000 : SETTLE_PATIENCE_MS,
          });
        } else if (kind === 'patient texts') {
          const f = pick(rng, followed);
          const words = pick(rng, ['C', 'Yes, see you then', 'Can we make it later?', 'Thanks!']);
          const counted = (await navCounts(patient)).unread;
          await patientTexts(stack, f.phone, words);
          what = `${f.name}: “${words}”`;
          // Half the time the desk reads it at once (the Messages screen of the patient tab).
          const reads = rng() < 0.5;
          // Else the app hears of it at its next ask for texts (every 15 s): waited for, so a later step's count (the
          // unread count kept across a sign-out) starts from one that includes it, as a desk's would by then.
          if (!reads)
            await until(
              'the text to be counted',
              async () => ((await navCounts(patient)).unread > counted ? true : undefined),
              20_000,
            ).catch(() => undefined);
          if (reads) {
            const before = (await navCounts(patient)).unread;
            if (await readThread(patient, f.name))
              await until(
                'the thread to be read',
                async () => ((await navCounts(patient)).unread < Math.max(before, 1) ? true : undefined),
                5_000,
              ).catch(() => undefined);
            what += ', read';
          }
          await observe(f, step, kind, { settled: true, patience: 2_000 });
        } else if (kind === 'sign out and in') {
          const before = await navCounts(actor);
          await signOutAndIn(actor, [agenda, sheet, bookings, patient, outbox]);
          const after = await until(
            'the unread count after sign-in',
            async () => {
              const c = await navCounts(actor);
              return c.unread === before.unread ? c : undefined;
            },
            10_000,
          ).catch(async () => navCounts(actor));
          what = `unread ${before.unread} → ${after.unread}`;
          if (after.unread > before.unread)
            found.push({
              kind: 'read marks',
              screens: ['tab bar', 'Messages'],
              about: 'texts already read here',
              detail: `${before.unread} unread before sign-out, ${after.unread} after signing in again as the same account`,
              step,
              action: kind,
            });
          await observe(pick(rng, followed), step, kind, { settled: true, patience: 2_000 });
        } else {
          // One whose step could not finish may be gone at the service: follow another.
          let f = pick(rng, followed);
          let event = await eventById(stack, f.id);
          while ((!event || event.is_deleted) && followed.length > 1) {
            followed.splice(followed.indexOf(f), 1);
            f = pick(rng, followed);
            event = await eventById(stack, f.id);
          }
          if (!event || event.is_deleted) throw new Error(`followed appointment ${f.id} is gone at the service`);
          what = `${event.title} #${event.id}`;
          const offline = kind === 'offline stretch';
          const act: StepKind = offline ? pick(rng, ['move by edit', 'mark', 'cancel'] as StepKind[]) : kind;
          // Read before going offline: the harness's own reads of the service are cut off with the app's.
          const base = await truthOf(stack, f.id, f.bookingId, zones);
          if (offline) {
            await faults(stack, { offline: true });
            await actor.waitForConnectivity('offline');
            what += ` (offline: ${act})`;
          }
          let intent: Truth | undefined = base ?? undefined;
          let settledCheck: (e: ServiceEvent | null) => boolean = () => true;
          if (act === 'move by drag' || act === 'move by edit') {
            const minutes = moveBy(event, Math.floor(rng() * 5));
            if (act === 'move by drag') await moveByDrag(actor, event, minutes);
            else await moveByEdit(actor, event, minutes);
            const start = Date.parse(event.start_time) + minutes * 60_000;
            what += ` ${minutes > 0 ? '+' : ''}${minutes} min`;
            if (intent) intent = { ...intent, start, end: Date.parse(event.end_time) + minutes * 60_000 };
            settledCheck = (e) => e !== null && Date.parse(e.start_time) === start;
          } else if (act === 'cancel, then Undo' || act === 'cancel') {
            const undo = act === 'cancel, then Undo';
            await cancel(actor, event, undo);
            if (undo) {
              // Undone before it was sent: the same appointment; after: a new one in its place (the service's id).
              const back = await until(
                'the appointment back at the service',
                async () => {
                  const same = await eventById(stack, f.id);
                  if (same && !same.is_deleted) return same.id;
                  const day = dayIn(Date.parse(event.start_time));
                  const list = await eventsBetween(stack, wallToInstant(day, 0), wallToInstant(day, 24 * 60) - 1000);
                  return list.find((e) => e.title === event.title && e.start_time === event.start_time && e.id !== f.id)
                    ?.id;
                },
                30_000,
              );
              if (back !== f.id) what += ` (now #${back})`;
              f.id = back;
            } else {
              if (intent) intent = { ...intent, deleted: true };
              settledCheck = (e) => e === null || Boolean(e.is_deleted);
            }
          } else if (act === 'mark') {
            const m = pick(rng, MARKS);
            await mark(actor, event, m.item);
            what += ` ${m.item}`;
            if (intent?.person)
              intent = {
                ...intent,
                person:
                  m.field === 'state' ? { ...intent.person, state: m.value } : { ...intent.person, checkIn: m.value },
              };
            settledCheck = (e) =>
              e !== null && e.participants.every((p) => (p as unknown as Record<string, unknown>)[m.field] === m.value);
          } else if (act === 'changed at the service') {
            const minutes = moveBy(event, Math.floor(rng() * 5));
            await changeElsewhere(stack, event, minutes);
            what += ` ${minutes > 0 ? '+' : ''}${minutes} min at the service`;
          }
          if (offline) {
            // While offline the screens must all show the change made here (the service cannot have it yet).
            try {
              if (intent)
                await observe(f, step, `${kind}: ${act}, offline`, { settled: false, intent, patience: 2_000 });
            } finally {
              await faults(stack, null);
            }
            await actor.waitForConnectivity('online');
            // As the desk would: "Check now" rather than wait for the next try after the failed ones.
            await actor.checkNow();
          }
          if (act !== 'changed at the service') {
            await serviceHas(f, `${act} to reach the service`, settledCheck);
            await drained();
          }
          if (act === 'cancel') {
            followed.splice(followed.indexOf(f), 1);
            gone.push(f);
          }
          // Another desk's change reaches this one by polling (every 10 s): more patience.
          await observe(f, step, offline ? `${kind}: ${act}` : kind, {
            settled: true,
            patience: act === 'changed at the service' ? 12_000 : 2_000,
          });
        }
      } catch (error) {
        errors.push(`step ${step} (${kind}${what ? `: ${what}` : ''}): ${whyFailed(error)}`);
        // A tab that stopped answering may not take a key or a screenshot either: the run ends here.
        if (error instanceof StuckTabs) {
          log.push({ step, kind, what, ms: Date.now() - t0 });
          break;
        }
        await actor.page
          .screenshot({ path: `test-results/consistency/seed-${SEED}-step-${step}.png` })
          .catch(() => undefined);
        // A step that failed half-way may have left the desk signed out: sign in again for the next one.
        if (
          (await actor.page
            .getByTestId('app')
            .getAttribute('data-auth')
            .catch(() => null)) === 'signed_out'
        )
          await actor
            .signIn('owner@frontdesk.test')
            .then((portal) => portal.close())
            .catch(() => undefined);
        await faults(stack, null).catch(() => undefined);
        await keepDrawing(step);
        for (const t of Object.values(tabs))
          for (let i = 0; i < 3; i++) await t.page.keyboard.press('Escape').catch(() => undefined);
      }
      log.push({ step, kind, what, ms: Date.now() - t0 });
      if (process.env.CONSISTENCY_VERBOSE)
        console.log(
          `step ${step} ${kind} ${what} ${Date.now() - t0} ms (reading ${observing} ms: ${Object.entries(slowest)
            .map(([k, ms]) => `${k} ${ms}`)
            .join(', ')}): ${found
            .filter((c) => c.step === step)
            .map((c) => `${c.kind} [${c.screens.join(', ')}]`)
            .join('; ')}`,
        );
    }

    const seconds = Math.round((Date.now() - started) / 1000);
    const lines = [
      `consistency: seed ${SEED}, ${STEPS} steps in ${seconds} s: ${found.length} contradictions, ${errors.length} steps that could not run` +
        (stalls.length
          ? `, ${stalls.length} ${stalls.length === 1 ? 'tab' : 'tabs'} reloaded that had stopped drawing`
          : ''),
      ...summarize(found),
      ...stalls.map(
        (s) =>
          `  step ${s.step}: the ${s.tab} tab drew no frame in 5 s (its script answering); reloaded, ${s.revived ? 'it drew again' : 'it still drew nothing'}`,
      ),
      ...found.map(
        (c) => `  step ${c.step} (${c.action}) ${c.kind} — ${c.about} — [${c.screens.join(', ')}] ${c.detail}`,
      ),
      ...errors.map((e) => `  could not run: ${e}`),
      `again with: ${AGAIN}`,
    ];
    console.log(lines.join('\n'));
    console.log(
      `steps: ${Object.entries(
        log.reduce<Record<string, number>>((n, r) => ({ ...n, [r.kind]: (n[r.kind] ?? 0) + 1 }), {}),
      )
        .map(([k, n]) => `${k} ×${n}`)
        .join(', ')}`,
    );
    expect({ seed: SEED, contradictions: found.length, errors }, lines.join('\n')).toEqual({
      seed: SEED,
      contradictions: 0,
      errors: [],
    });
  },
  15 * 60_000,
);

/** Kinds of contradiction with how many of each and the screens they were on. */
function summarize(found: Contradiction[]): string[] {
  const byKind = new Map<string, { n: number; screens: Set<string> }>();
  for (const c of found) {
    const entry = byKind.get(c.kind) ?? { n: 0, screens: new Set<string>() };
    entry.n++;
    for (const s of c.screens) entry.screens.add(s);
    byKind.set(c.kind, entry);
  }
  return [...byKind].map(([kind, e]) => `  ${kind}: ${e.n} (${[...e.screens].join(', ')})`);
}
