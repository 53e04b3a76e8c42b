/** The Agenda view: the days' appointments as a list under day headings, virtualised for long weeks. */
import { useVirtualizer } from '@tanstack/react-virtual';
import { format } from 'date-fns';
import { useMemo, useRef, type MouseEvent } from 'react';
import type { AgendaItem, MarkState } from '../../../common/contract';
import { dayKey, dayStart, timeInZone, zoneOfItem, zoneSuffix } from '../../lib/practice-time';
import { AppointmentBadges } from './AppointmentBlock';
import { menuKeys } from './menu-keys';
import { appointmentState } from './appointment-state';
import { checkInOf } from './grid-keys';
import { StateIcon } from './StateIcon';
import { NOT_CONFIRMED, appointmentTitle, confirmationWords } from '../../lib/words';
import { useNow } from './use-now';

type Row = { kind: 'day'; day: string; count: number } | { kind: 'item'; item: AgendaItem };

export interface AgendaListProps {
  days: string[];
  items: AgendaItem[];
  zone: string;
  slotOf(item: AgendaItem): number;
  highlighted: Record<number, number>;
  onOpen(id: number): void;
  onMenu(item: AgendaItem, at: { x: number; y: number }): void;
  /** A single key on a focused appointment marked it (Arrived, Late, No-show), to be offered with Undo. */
  onCheckIn(item: AgendaItem, state: MarkState): void;
}

/** The list. */
export function AgendaList(props: AgendaListProps) {
  const { zone } = props;
  const rows = useMemo(() => {
    const byDay = new Map<string, AgendaItem[]>(props.days.map((d) => [d, []]));
    for (const item of props.items) byDay.get(dayKey(item.start, zone))?.push(item);
    const out: Row[] = [];
    for (const [day, list] of byDay) {
      out.push({ kind: 'day', day, count: list.length });
      for (const item of list) out.push({ kind: 'item', item });
    }
    return out;
  }, [props.days, props.items, zone]);
  const scrollRef = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library
  const list = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (i) => (rows[i]?.kind === 'day' ? 44 : 64),
    overscan: 8,
    initialRect: { width: 1000, height: 640 },
  });
  const now = useNow();
  return (
    <div className="agenda-scroll" ref={scrollRef} data-testid="agenda">
      <ul className="agenda-list" style={{ height: list.getTotalSize() }} aria-label="Appointments by day">
        {list.getVirtualItems().map((v) => {
          const row = rows[v.index]!;
          return (
            <li
              key={v.key}
              data-index={v.index}
              ref={list.measureElement}
              className={row.kind === 'day' ? 'agenda-day' : 'agenda-item'}
              style={{ transform: `translateY(${v.start}px)` }}
            >
              {row.kind === 'day' ? (
                <h3 className="agenda-day-title" data-day={row.day} data-count={row.count}>
                  {format(dayStart(row.day, zone), 'EEEE d MMMM')}
                  <span className="muted">
                    {' '}
                    · {row.count === 0 ? 'no appointments' : `${row.count} appointment${row.count === 1 ? '' : 's'}`}
                  </span>
                </h3>
              ) : (
                <AgendaRow
                  item={row.item}
                  zone={zone}
                  slot={props.slotOf(row.item)}
                  lit={(props.highlighted[row.item.id] ?? 0) > now}
                  onOpen={props.onOpen}
                  onMenu={props.onMenu}
                  onCheckIn={props.onCheckIn}
                />
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function AgendaRow(p: {
  item: AgendaItem;
  zone: string;
  slot: number;
  lit: boolean;
  onOpen(id: number): void;
  onMenu(item: AgendaItem, at: { x: number; y: number }): void;
  onCheckIn(item: AgendaItem, state: MarkState): void;
}) {
  const { item } = p;
  const state = appointmentState(item);
  const own = zoneOfItem(item, p.zone); // its calendar's clock, named where not the practice's
  const menu = (e: MouseEvent<HTMLButtonElement>) => {
    e.preventDefault();
    p.onMenu(item, { x: e.clientX, y: e.clientY });
  };
  const people = item.people
    .map((person) => {
      const who = person.name || person.phone || person.email;
      const told = person.state && person.state !== NOT_CONFIRMED;
      return told ? `${who} (${confirmationWords(person.state)})` : who;
    })
    .join(', ');
  return (
    <button
      type="button"
      className={`agenda-entry${p.lit ? ' appt-changed' : ''}`}
      data-testid="appointment"
      data-id={item.id}
      data-pending={item.pending?.status ?? undefined}
      data-change={item.pending?.change ?? undefined}
      data-booking={item.booking?.state}
      data-state={state.key}
      aria-haspopup="menu"
      onClick={() => p.onOpen(item.id)}
      onContextMenu={menu}
      onKeyDown={(e) => {
        const state = checkInOf(e, item);
        if (!state) return menuKeys((at) => p.onMenu(item, at))(e);
        e.preventDefault();
        p.onCheckIn(item, state);
      }}
    >
      <span className={`swatch cal-slot-${p.slot}`} aria-hidden="true" />
      <StateIcon name={state.icon} testId="state-icon" />
      <span className="agenda-when">
        {timeInZone(item.start, own)}
        {item.end !== item.start && `–${timeInZone(item.end, own)}`}
        {own === p.zone ? '' : zoneSuffix(own, item.start)}
      </span>
      <span className="agenda-what">
        <span className="agenda-title">{appointmentTitle(item)}</span>
        <span className="agenda-meta">{[item.calendarName, item.location, people].filter(Boolean).join(' · ')}</span>
      </span>
      <span className="agenda-badges">
        <AppointmentBadges item={item} />
      </span>
    </button>
  );
}
