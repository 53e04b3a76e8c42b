/**
 * The schedule's parts built on react-aria — the bar's date picker and popovers, "+N more", the menus, an
 * appointment's details and the editor — are a chunk of their own (schedule-later.ts), so the schedule's first render
 * does not wait for react-aria's code (about 400 KB) to be fetched and run. Until it is here their controls are plain
 * buttons; it is asked for once the schedule has been painted (afterFirstScreen), or at once when one is first used.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { afterFirstScreen } from '../../lib/perf-marks';
import type * as Later from './schedule-later';

/** What the chunk holds. */
export type LaterParts = typeof Later;

/**
 * The chunk's parts once here (null before), and `need()` to ask for it now. With `prefetch`, asked for after the
 * schedule's first paint; without, only when needed (a part many of which show, such as "+N more").
 */
export function useLaterParts(prefetch = true): { parts: LaterParts | null; need(): void } {
  const [parts, setParts] = useState<LaterParts | null>(null);
  const [asked, setAsked] = useState(false);
  const need = useCallback(() => setAsked(true), []);
  useEffect(() => (prefetch ? afterFirstScreen(need) : undefined), [prefetch, need]);
  useEffect(() => {
    if (!asked || parts) return;
    let live = true;
    import('./schedule-later').then(
      (m) => live && setParts(m),
      // Not fetched (the app was updated, the link dropped): asked again when next needed.
      () => live && setAsked(false),
    );
    return () => {
      live = false;
    };
  }, [asked, parts]);
  return { parts, need };
}

/**
 * A plain button that opens one of the chunk's popovers: its props (`aria-haspopup`, `aria-expanded`, the click), its
 * ref for the popover to sit beside and give focus back to, the parts while open (null when closed or not yet here),
 * and how to close.
 */
export function usePopoverButton(prefetch = true) {
  const triggerRef = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const { parts, need } = useLaterParts(prefetch);
  return {
    triggerRef,
    open: open ? parts : null,
    close: () => setOpen(false),
    button: {
      'aria-haspopup': 'dialog',
      'aria-expanded': open,
      onClick: () => {
        need();
        setOpen(true);
      },
    } as const,
  };
}
