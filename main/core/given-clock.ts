/** A clock that reads a given instant now and runs on from there (the hosts' `--now` flag, tests at a chosen hour). */
import { systemClock, type Clock } from './platform';

const INSTANT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(?:Z|[+-](\d{2}):(\d{2}))$/;

/**
 * Epoch ms of an ISO 8601 instant that says its offset (`2026-11-30T12:30:00-06:00`, `2026-11-30T18:30Z`), or null
 * for anything else: without an offset the instant would depend on the computer's zone.
 */
export function parseInstant(text: string): number | null {
  const m = INSTANT.exec(text);
  if (!m) return null;
  const [year, month, day, hour, minute, second, offH, offM] = m.slice(1).map((v) => Number(v ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (month < 1 || month > 12 || hour > 23 || minute > 59 || second > 59 || offH > 23 || offM > 59) return null;
  // 2026-02-30 would roll over to March: the day must exist in its month.
  if (day < 1 || new Date(Date.UTC(year, month - 1, day)).getUTCDate() !== day) return null;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : at;
}

/** `real`'s timers, its time moved so that it reads `at` now and runs on from there. */
export function clockFrom(at: number, real: Clock = systemClock): Clock {
  const offset = at - real.now();
  return { now: () => real.now() + offset, setTimeout: real.setTimeout };
}
