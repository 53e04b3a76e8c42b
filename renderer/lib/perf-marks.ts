/**
 * User Timing marks for the benchmark (`npm run bench` reads them from the page): when the schedule's data arrived and
 * when it was painted. A mark costs microseconds and nothing leaves the page.
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
