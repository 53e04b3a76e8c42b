/**
 * The popovers of the schedule's plain buttons (CalendarFilter, ScheduleKey, MoreCluster), in the chunk loaded after
 * the first paint (later-parts.ts). Each opens beside its button, takes focus, and closes on Esc or a click outside,
 * focus going back to the button.
 */
import type { ReactNode, RefObject } from 'react';
import { Dialog, Heading, Popover } from 'react-aria-components';
import type { AgendaItem, CalendarInfo } from '../../../common/contract';
import { timeInZone, zoneOfItem } from '../../lib/practice-time';
import { appointmentTitle } from '../../lib/words';
import { useCalendarStore } from '../../stores/calendar-store';
import { appointmentState, stateKeyEntries } from './appointment-state';
import type { MoreRun } from './grid-layout';
import { StateIcon } from './StateIcon';

/** What every popover gets from its button. */
interface PopoverOf {
  triggerRef: RefObject<HTMLElement | null>;
  onClose(): void;
}

/** A popover open beside its button, closed (and focus back on the button) on Esc or a click outside. */
function OpenPopover({
  triggerRef,
  onClose,
  placement,
  className = 'menu-popover',
  children,
}: PopoverOf & { placement: 'bottom end' | 'bottom start'; className?: string; children: ReactNode }) {
  return (
    <Popover
      className={className}
      placement={placement}
      triggerRef={triggerRef}
      isOpen
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      {children}
    </Popover>
  );
}

/** "Calendars": one checkbox per calendar, with its colour. */
export function CalendarsPopover({ triggerRef, onClose, calendars }: PopoverOf & { calendars: CalendarInfo[] }) {
  const hidden = useCalendarStore((s) => s.hidden);
  const toggle = useCalendarStore.getState().toggleCalendar;
  return (
    <OpenPopover triggerRef={triggerRef} onClose={onClose} placement="bottom end">
      <Dialog className="filter-dialog" aria-label="Calendars shown">
        <fieldset className="calendar-filter">
          <legend className="visually-hidden">Calendars shown</legend>
          {calendars.map((c, i) => (
            <label key={c.id} className="filter-chip">
              <input type="checkbox" checked={!hidden.includes(c.id)} onChange={() => toggle(c.id)} />
              <span className={`swatch cal-slot-${i % 8}`} aria-hidden="true" />
              {c.name}
            </label>
          ))}
        </fieldset>
      </Dialog>
    </OpenPopover>
  );
}

/** The Key: a sample block per state, with its icon and words. */
export function KeyPopover({ triggerRef, onClose }: PopoverOf) {
  return (
    <OpenPopover triggerRef={triggerRef} onClose={onClose} placement="bottom end">
      <Dialog className="key-dialog" data-testid="schedule-key">
        <Heading slot="title" className="more-heading">
          What the blocks show
        </Heading>
        <ul className="key-list">
          {stateKeyEntries().map((entry) => (
            <li key={entry.key} className="key-row">
              <span
                className="key-sample"
                {...(entry.key === 'waiting' || entry.key === 'attention'
                  ? { 'data-sync': entry.key, 'data-state': 'scheduled' }
                  : { 'data-state': entry.key })}
                aria-hidden="true"
              >
                <StateIcon name={entry.icon} />
              </span>
              {entry.words}
            </li>
          ))}
        </ul>
        <p className="key-note">The coloured edge is the provider’s colour.</p>
      </Dialog>
    </OpenPopover>
  );
}

/** One appointment of "+N more": its state icon, time and whom it is for, its whole state in its name. */
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

/** The appointments "+N more" stands for; each opens its details. */
export function MorePopover({
  triggerRef,
  onClose,
  run,
  zone,
  from,
  onOpen,
}: PopoverOf & { run: MoreRun; zone: string; from: string; onOpen(id: number): void }) {
  return (
    <OpenPopover
      triggerRef={triggerRef}
      onClose={onClose}
      placement="bottom start"
      className="menu-popover more-popover"
    >
      <Dialog className="more-dialog" data-testid="more-list">
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
                onClose();
                onOpen(item.id);
              }}
            />
          ))}
        </ul>
      </Dialog>
    </OpenPopover>
  );
}
