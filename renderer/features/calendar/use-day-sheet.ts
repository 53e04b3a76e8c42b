/** "Print day sheet": once asked for (button, Ctrl/Cmd+P) and the day has loaded, the sheet is laid out, then printed. */
import { useEffect } from 'react';
import { useAppStore } from '../../stores/app-store';
import { useCalendarStore } from '../../stores/calendar-store';
import { useShellStore } from '../../stores/shell-store';
import { usePrinting } from './use-now';

/** Prints once: a print dialog already open (the shell store's `printing`) is not opened a second time. */
async function printNow(): Promise<void> {
  if (useShellStore.getState().printing) return;
  useShellStore.setState({ printing: true });
  try {
    const problem = await useAppStore.getState().print();
    if (problem) useCalendarStore.setState({ notice: problem });
  } finally {
    useShellStore.setState({ printing: false });
    useShellStore.getState().printDone();
  }
}

/** Whether the day sheet should be in the page: while printing, or from a request until its print dialog closes. */
export function useDaySheet(ready: boolean): boolean {
  const printMedia = usePrinting();
  const requested = useShellStore((s) => s.printRequested);
  useEffect(() => {
    if (!requested || !ready) return;
    let cancelled = false;
    // Two frames: the sheet is rendered and laid out before the print dialog takes its picture of the page.
    const frame = requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        if (!cancelled) void printNow();
      }),
    );
    return () => {
      cancelled = true;
      cancelAnimationFrame(frame);
    };
  }, [requested, ready]);
  return printMedia || requested;
}
