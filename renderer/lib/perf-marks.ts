/**
 * User Timing marks for the benchmark (`npm run bench` reads them from the page): when the schedule's data arrived and
 * when it was painted. A mark costs microseconds and nothing leaves the page. Work that can wait for the first screen
 * waits for the painted mark.
 */
import { useEffect } from 'react';

const SCHEDULE_DATA = 'fd:schedule-data';
const SCHEDULE_PAINTED = 'fd:schedule-painted';
/**
 * The schedule's marks kept in the page's timeline at most: a day of days opened does not grow it (both names are
 * cleared together when the data marks reach it, so a painted mark never outlives its data mark).
 */
const MARKS_KEPT = 100;

/** The schedule's appointments reached the store (from the service or the cache). */
export function markScheduleData(count: number): void {
  if (performance.getEntriesByName(SCHEDULE_DATA, 'mark').length >= MARKS_KEPT) {
    performance.clearMarks(SCHEDULE_DATA);
    performance.clearMarks(SCHEDULE_PAINTED);
  }
  performance.mark(SCHEDULE_DATA, { detail: { count } });
}

const CONTACTS_FIRST = 'fd:contacts-first';

/**
 * A key's first matches, worked out in the page (stores/kept-contacts-store.ts), were put on screen: marked once the
 * frame showing them has been painted, with the words (`detail.query`), as the benchmark reads it.
 */
export function markContactsFirst(query: string): void {
  if (typeof requestAnimationFrame !== 'function') return;
  requestAnimationFrame(() =>
    setTimeout(() => {
      if (performance.getEntriesByName(CONTACTS_FIRST, 'mark').length >= MARKS_KEPT)
        performance.clearMarks(CONTACTS_FIRST);
      performance.mark(CONTACTS_FIRST, { detail: { query } });
    }, 0),
  );
}

/** The start time of the newest mark named `name`, or -1. */
const newest = (name: string) => performance.getEntriesByName(name, 'mark').at(-1)?.startTime ?? -1;

/**
 * Marks `name` once the frame showing `what` has been painted (after the next animation frame). With `after`, only
 * when a mark of that name came since the last `name`: the schedule marks the paint of data that arrived, not every
 * live update of the day (each a mark kept in the page until it closes).
 */
export function usePaintedMark(name: string, what: unknown, when: boolean, after?: string): void {
  useEffect(() => {
    if (!when) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        if (after === undefined || newest(after) > newest(name)) performance.mark(name);
      }, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [name, what, when, after]);
}

/**
 * Runs `fn` once, after the schedule has first been painted (at once if it has been, unless `painted` is 'next': then
 * at its next paint), or after `fallbackMs` when it is not (another screen open): reads that can wait do not compete
 * with the first screen's. Returns a cancel.
 */
export function afterFirstScreen(fn: () => void, fallbackMs = 3_000, painted: 'ever' | 'next' = 'ever'): () => void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    cancel();
    fn();
  };
  const observer =
    typeof PerformanceObserver === 'function'
      ? new PerformanceObserver((list) => {
          if (list.getEntriesByName(SCHEDULE_PAINTED).length > 0) run();
        })
      : null;
  const timer = setTimeout(run, fallbackMs);
  const cancel = () => {
    done = true;
    clearTimeout(timer);
    observer?.disconnect();
  };
  if (painted === 'ever' && performance.getEntriesByName(SCHEDULE_PAINTED).length > 0) run();
  else observer?.observe({ type: 'mark' });
  return cancel;
}
