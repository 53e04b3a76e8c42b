/**
 * User Timing marks for the benchmark (`npm run bench` reads them from the page): when the schedule's data arrived and
 * when it was painted. A mark costs microseconds and nothing leaves the page. Work that can wait for the first screen
 * waits for the painted mark.
 */
import { useEffect } from 'react';

/** The schedule's appointments reached the store (from the service or the cache). */
export function markScheduleData(count: number): void {
  performance.mark('fd:schedule-data', { detail: { count } });
}

/** Marks `name` once the frame showing `what` has been painted (after the next animation frame). */
export function usePaintedMark(name: string, what: unknown, when: boolean): void {
  useEffect(() => {
    if (!when) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => performance.mark(name), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [name, what, when]);
}

const SCHEDULE_PAINTED = 'fd:schedule-painted';

/**
 * Runs `fn` once, after the schedule has first been painted (at once if it has been), or after `fallbackMs` when it
 * is not (another screen open): reads that can wait do not compete with the first screen's. Returns a cancel.
 */
export function afterFirstScreen(fn: () => void, fallbackMs = 3_000): () => void {
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
  if (performance.getEntriesByName(SCHEDULE_PAINTED).length > 0) run();
  else observer?.observe({ type: 'mark' });
  return cancel;
}
