/**
 * "+N more": where overlapping appointments need more lanes than a column can show readably, the column's last lane
 * holds this button, which opens the ones it stands for as a list (each opens its details). A plain button (the grid's
 * first render has no react-aria); the list is in the chunk loaded after it (schedule-popovers.tsx).
 */
import type { KeyboardEvent } from 'react';
import { timeInZone } from '../../lib/practice-time';
import type { MoreRun } from './grid-layout';
import { usePopoverButton } from './later-parts';

interface MoreButtonProps {
  run: MoreRun;
  zone: string;
  /** Position in px from the column's top. */
  top: number;
  height: number;
  onOpen(id: number): void;
  /** Its key among the grid's keyboard stops (TimeGrid's), and whether it is the grid's one Tab stop now. */
  spot: string;
  tabStop: boolean;
  onSpotFocus(spot: string): void;
  /** The grid's arrow keys; true when the key press was one. */
  onStep(spot: string, e: KeyboardEvent): boolean;
}

/** The button in the column's last lane and the list it opens. */
export function MoreButton({ run, zone, top, height, onOpen, spot, tabStop, onSpotFocus, onStep }: MoreButtonProps) {
  const width = 100 / run.lanes;
  const from = timeInZone(run.items[0]!.start, zone);
  // Many of these can show: the chunk is asked for by the schedule after its paint, and here only when pressed.
  const { triggerRef, open, close, button } = usePopoverButton(false);
  return (
    <>
      <button
        type="button"
        ref={triggerRef}
        className="appt-more"
        data-testid="more"
        data-spot={spot}
        tabIndex={tabStop ? 0 : -1}
        onFocus={() => onSpotFocus(spot)}
        onKeyDown={(e) => {
          // The grid's arrow keys stop here; any other key goes on to the window's ("N", "?").
          if (!onStep(spot, e)) return;
          e.preventDefault();
          e.stopPropagation();
        }}
        style={{ top, height, left: `calc(${run.lane * width}% + 2px)`, width: `calc(${width}% - 4px)` }}
        {...button}
      >
        <span className="appt-more-label">
          +{run.items.length} more<span className="visually-hidden"> appointments from {from}</span>
        </span>
      </button>
      {open && (
        <open.MorePopover triggerRef={triggerRef} onClose={close} run={run} zone={zone} from={from} onOpen={onOpen} />
      )}
    </>
  );
}
