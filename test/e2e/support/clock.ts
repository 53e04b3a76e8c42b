/**
 * The e2e suite's clock. `npm run test:e2e -- --at <name or instant>` (test/e2e/run.ts) sets E2E_AT; every test file
 * then starts at that instant and runs on from there: the sandbox (its seed and its answers), the browser host's core
 * and each page's `Date`. Tests reckon "today" and "in two days" from `practiceNow()`,
 * never from the machine's clock. Without E2E_AT the suite runs on the real clock.
 */
import type { BrowserContext } from 'playwright-core';
import { clockFrom, parseInstant } from '../../../main/core/given-clock';
import { systemClock } from '../../../main/core/platform';

/** The practice's zone (Lakeside Dental, the sandbox's owner account). */
const PRACTICE_ZONE = 'America/Chicago';

/**
 * The named times the suite runs at: three hours of a practice's Wednesday (before opening, midday, just before
 * closing) and the Sunday of November's daylight-saving change at 00:30 CDT, when 24 hours on is still the same day
 * (the day has 25 hours), the schedule's "now" is CDT and the days ahead are CST. Each test file starts its clock
 * afresh, so none reaches 02:00 itself.
 */
export const E2E_TIMES = {
  morning: '2026-12-02T07:55:00-06:00',
  noon: '2026-12-02T12:30:00-06:00',
  evening: '2026-12-02T17:50:00-06:00',
  'dst-fall': '2026-11-01T00:30:00-05:00',
} as const;

/** Epoch ms of a named time or an instant with its offset; null for anything else. */
export function resolveAt(text: string): number | null {
  return Object.hasOwn(E2E_TIMES, text) ? parseInstant(E2E_TIMES[text as keyof typeof E2E_TIMES]) : parseInstant(text);
}

function suiteClock() {
  const given = process.env.E2E_AT;
  if (given === undefined || given === '') return systemClock;
  const at = resolveAt(given);
  if (at === null)
    throw new Error(
      `E2E_AT must be one of ${Object.keys(E2E_TIMES).join(', ')} or a time like 2026-11-30T12:30:00-06:00`,
    );
  return clockFrom(at);
}

const clock = suiteClock();

/** Now on the suite's clock (epoch ms): what the sandbox, the host and the pages read. */
export const practiceNow = (): number => clock.now();

/**
 * Sets a browser context's clock to the suite's, running on (before any page of it opens): `Date` and `Date.now()`
 * read the suite's now; timers keep real time, as the host's do. Not Playwright's `clock.install`: its `Date`
 * returns plain dates from `new`, so a subclass of Date (the renderer's zoned dates, TZDate) loses its zone and every
 * time is told in the computer's.
 */
export async function installPageClock(context: BrowserContext): Promise<void> {
  if (clock === systemClock) return;
  await context.addInitScript((offset: number) => {
    const Native = Date;
    const now = (): number => Native.now() + offset;
    function SuiteDate(this: unknown, ...args: unknown[]): unknown {
      if (!new.target) return new Native(now()).toString();
      return Reflect.construct(Native, args.length === 0 ? [now()] : args, new.target);
    }
    SuiteDate.prototype = Native.prototype;
    Object.setPrototypeOf(SuiteDate, Native);
    SuiteDate.now = now;
    globalThis.Date = SuiteDate as unknown as DateConstructor;
  }, practiceNow() - Date.now());
}

const dayOf = new Intl.DateTimeFormat('en-CA', { timeZone: PRACTICE_ZONE });

/** The practice's calendar day (yyyy-MM-dd) `days` days from today there: counted in days, not 24-hour steps. */
export function practiceDay(days = 0): string {
  const [y, m, d] = dayOf.format(practiceNow()).split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The first weekday (Monday to Friday) at least `days` days from today, in the practice's calendar. */
export function practiceWeekday(days: number): string {
  for (let i = days; ; i++) {
    const day = practiceDay(i);
    const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
    if (weekday !== 0 && weekday !== 6) return day;
  }
}
