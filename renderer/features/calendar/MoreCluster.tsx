/**
 * "+N more": where overlapping appointments need more lanes than a column can show readably, the column's last lane
 * holds this button, which opens the ones it stands for as a list (each opens its details).
 */
import { Button, Dialog, DialogTrigger, Heading, Popover } from 'react-aria-components';
import type { KeyboardEvent } from 'react';
import type { AgendaItem } from '../../../common/contract';
import { timeInZone, zoneOfItem } from '../../lib/practice-time';
import { appointmentTitle } from '../../lib/words';
import { appointmentState } from './appointment-state';
import type { MoreRun } from './grid-layout';
import { StateIcon } from './StateIcon';

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

/** One appointment of the list: its state icon, time and whom it is for, its whole state in its name. */
function MoreEntry({ item, zone, onOpen }: { item: AgendaItem; zone: string; onOpen(): void }) {
  const state = appointmentState(item);
  return (
    <li>
      <button
        type="button"
        className="more-entry"
        data-testid="more-entry"
        data-id={item.id}
        data-state={state.key}
        onClick={onOpen}
      >
        <StateIcon name={state.icon} />
        <span className="more-time">{timeInZone(item.start, zoneOfItem(item, zone))}</span>
        <span className="more-what">
          {appointmentTitle(item)}
          <span className="visually-hidden">, {state.label}</span>
        </span>
        {state.sync && <StateIcon name={state.sync.icon} />}
      </button>
    </li>
  );
}

/** The button in the column's last lane and the list it opens. */
export function MoreButton({ run, zone, top, height, onOpen, spot, tabStop, onSpotFocus, onStep }: MoreButtonProps) {
  const width = 100 / run.lanes;
  const from = timeInZone(run.items[0]!.start, zone);
  return (
    <DialogTrigger>
      <Button
        className="appt-more"
        data-testid="more"
        data-spot={spot}
        excludeFromTabOrder={!tabStop}
        onFocus={() => onSpotFocus(spot)}
        onKeyDown={(e) => {
          if (onStep(spot, e)) e.preventDefault();
          else e.continuePropagation(); // the window's keys ("N", "?") still apply here
        }}
        style={{ top, height, left: `calc(${run.lane * width}% + 2px)`, width: `calc(${width}% - 4px)` }}
      >
        <span className="appt-more-label">
          +{run.items.length} more<span className="visually-hidden"> appointments from {from}</span>
        </span>
      </Button>
      <Popover className="menu-popover more-popover" placement="bottom start">
        <Dialog className="more-dialog" data-testid="more-list">
          {({ close }) => (
            <>
              <Heading slot="title" className="more-heading">
                {run.items.length} more from {from}
              </Heading>
              <ul className="more-list">
                {run.items.map((item) => (
                  <MoreEntry
                    key={item.id}
                    item={item}
                    zone={zone}
                    onOpen={() => {
                      close();
                      onOpen(item.id);
                    }}
                  />
                ))}
              </ul>
            </>
          )}
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}
