/**
 * The sandbox's `--now`: a clock that reads a given instant now and runs on from there. (The app's hosts have their
 * own, main/core/given-clock.ts: the sandbox shares no code with the app.)
 */

const INSTANT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(?:Z|[+-](\d{2}):(\d{2}))$/;

/** Epoch ms of an ISO 8601 instant that says its offset (`2026-11-30T12:30:00-06:00`, `…Z`), or null. */
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
  if (day < 1 || new Date(Date.UTC(year, month - 1, day)).getUTCDate() !== day) return null;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : at;
}

/** A `now` for SandboxOptions: `at` now, running on with the real clock. */
export function clockFrom(at: number): () => Date {
  const offset = at - Date.now();
  return () => new Date(Date.now() + offset);
}
