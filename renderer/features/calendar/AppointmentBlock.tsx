/** One appointment in the time grid or the agenda: its time, title, people's states and what is waiting to sync. */
import { memo, type KeyboardEvent, type MouseEvent, type PointerEvent } from 'react';
import { seriesOf, type AgendaItem, type ReplyMeaning } from '../../../common/contract';
import { timeInZone, timeParts, zoneOfItem, zoneSuffix } from '../../lib/practice-time';
import { useMessagesStore } from '../../stores/messages-store';
import { menuKeys } from './menu-keys';
import { appointmentState } from './appointment-state';
import { badgesOf, blockLabel } from './block-label';
import { stateIcon } from './StateIcon';
import { SeriesMark } from './SeriesParts';
import {
  BOOKING_WORDS,
  appointmentChangeWords,
  appointmentTitle,
  bookingFailureWords,
  bookingLine,
} from '../../lib/words';

/** The "waiting" words of an appointment, or null. */
export function pendingWords(item: AgendaItem): string | null {
  return appointmentChangeWords(item.pending);
}

/** The state of the booking that made it, in words ("Waiting for the office system", …), or null. */
function bookingWords(item: AgendaItem): string | null {
  const b = item.booking;
  return b ? bookingLine(b.state, b.reason) : null;
}

/** A device-backed booking's state as a badge; why it was not booked for screen readers unless the name says it. */
function BookingStateBadge({ booking, named }: { booking: NonNullable<AgendaItem['booking']>; named: boolean }) {
  const { tone, word } = BOOKING_WORDS[booking.state];
  return (
    <span className={`badge badge-${tone}`} data-testid="booking-state" data-state={booking.state}>
      {word}
      {booking.state === 'failed' && !named && (
        <span className="visually-hidden"> — {bookingFailureWords(booking.reason)}</span>
      )}
    </span>
  );
}

/**
 * Badges of an appointment (shared by grid and agenda; their words are block-label.ts `badgesOf`), a space between
 * each: where they are not laid out as boxes (the accessible name, copied text) their words stay apart, never
 * "Texted: confirmConfirmed". A flex row draws no space between its items. `named`: the block's aria-label says why a
 * booking was not booked (block-label.ts), so the badge has no words of its own for screen readers.
 */
export function AppointmentBadges({ item, named = false }: { item: AgendaItem; named?: boolean }) {
  const replied = useMessagesStore((s) => s.meanings[item.id]);
  return <BadgeList item={item} replied={replied} named={named} />;
}

/** The badges, given the meaning of the patient's text reply (`replied`). */
function BadgeList({ item, replied, named }: { item: AgendaItem; replied: ReplyMeaning | undefined; named: boolean }) {
  return (
    <>
      {badgesOf(item, replied).flatMap((badge, i) => [
        ...(i === 0 ? [] : [' ']),
        badge.key === 'booking' && item.booking ? (
          <BookingStateBadge key="booking" booking={item.booking} named={named} />
        ) : (
          <span key={badge.key} className={`badge badge-${badge.tone}`} data-testid={badge.testId}>
            {badge.words}
          </span>
        ),
      ])}
    </>
  );
}

export interface BlockProps {
  item: AgendaItem;
  zone: string;
  slot: number;
  /** Position in px from the column's top, and the lane as a fraction (primitives, so memo holds across renders). */
  top: number;
  height: number;
  lane: number;
  lanes: number;
  /**
   * The block's width in px as the grid lays it out (TimeGrid works it out from the column's width and the lanes): what
   * fits in it is chosen here (`fitOf`) rather than by a container query, which made every block its own container and
   * cost the browser a style pass per block. Unknown (a block drawn outside the grid): as wide as it needs.
   */
  width?: number;
  /** The Week's blocks have the narrow lanes' padding (calendar.css `.schedule[data-view='week'] .appt`). */
  dense?: boolean;
  highlighted: boolean;
  /**
   * The meaning of the patient's text reply, as the grid reads it once for all its blocks: a block of its own
   * subscribed to the messages, hundreds in a day's first render.
   */
  replied?: ReplyMeaning;
  onOpen(id: number): void;
  onMenu(item: AgendaItem, at: { x: number; y: number }): void;
  onDragStart(item: AgendaItem, e: PointerEvent<HTMLButtonElement>): void;
  /** Focus entered this block (it stays rendered while scrolled away, so focus can come back to it). */
  onFocusChange?(id: number | null): void;
  /** The grid's one Tab stop (the others are reached with the arrow keys); every block is a stop when left out. */
  tabStop?: boolean;
  /** The grid's keys (arrows, check-in keys); true when it handled the key press. */
  onKeys?(item: AgendaItem, e: KeyboardEvent<HTMLButtonElement>): boolean;
}

/** How much a block of this height can show: one line, two compact lines, or time and title with room for badges. */
function sizeOf(height: number): 'tiny' | 'short' | 'full' {
  // Two 11px lines need 22px (small blocks have no top and bottom border).
  if (height < 20) return 'tiny';
  return height < 34 ? 'short' : 'full';
}

/**
 * What a block's content box can hold (calendar.css `.appt-fit-*`): at most 90 px across, no badges (the name says
 * them); at most 76 px, the time at 11 px without its day period and zone (the name says them); at most 60 px, the
 * name smaller too. The content box is the width less the padding and borders calendar.css gives this block: 3 + 1 px
 * and 3 + 1 px in a narrow lane or the Week, 4 + 4 and 4 + 1 in a short or tiny one, 6 + 6 and 4 + 1 else. Unknown
 * width (a block drawn outside the grid): as wide as it needs, 0.
 */
function fitOf(width: number | undefined, size: 'tiny' | 'short' | 'full', narrow: boolean): 0 | 90 | 76 | 60 {
  if (width === undefined) return 0;
  const content = width - (narrow ? 8 : size === 'full' ? 17 : 13);
  if (content <= 60) return 60;
  if (content <= 76) return 76;
  return content <= 90 ? 90 : 0;
}

/** The classes of a fit: each narrower one has the wider ones' too. */
const FIT_CLASSES = {
  0: '',
  90: ' appt-fit-90',
  76: ' appt-fit-90 appt-fit-76',
  60: ' appt-fit-90 appt-fit-76 appt-fit-60',
} as const;

/** The hover text: the whole appointment, as a block too small to show it has it. */
function tooltipOf(item: AgendaItem, zone: string, state: string): string {
  const people = item.people.map((person) => person.name).filter(Boolean);
  const waiting = pendingWords(item);
  const booking = bookingWords(item);
  const title = appointmentTitle(item);
  const own = zoneOfItem(item, zone);
  return [
    `${timeInZone(item.start, own)} – ${timeInZone(item.end, own)}${own === zone ? '' : zoneSuffix(own, item.start)}`,
    title,
    ...(people.length > 0 && !people.every((n) => title.includes(n)) ? [people.join(', ')] : []),
    state,
    ...(waiting ? [waiting] : []),
    ...(booking ? [booking] : []),
  ].join('\n');
}

/**
 * The start time; the day period ("AM") and zone give way first in a narrow block (`periodShown`; the block's name
 * says them). A block too small for badges shows its booking's state after the time. Drawn in the block's own render
 * (as a component of its own it was one more render in each block), the clock alone as the element's text.
 */
function startTime(p: { item: AgendaItem; zone: string; withState: boolean; periodShown: boolean }) {
  const { item, zone, withState } = p;
  // On its calendar's clock, named where that is not the practice's (a satellite office), as on every screen; the
  // practice's own clock is named once, above the grid, where it is not this computer's.
  const own = zoneOfItem(item, zone);
  const { clock, period } = timeParts(item.start, own);
  const named = own === zone ? '' : zoneSuffix(own, item.start).trim();
  if (!(period && p.periodShown) && !(named && p.periodShown) && !(withState && item.booking))
    return <span className="appt-time">{clock}</span>;
  return (
    <span className="appt-time">
      {clock}
      {period && p.periodShown && (
        <>
          {' '}
          <span className="appt-period">{period}</span>
        </>
      )}
      {named && p.periodShown && (
        <>
          {' '}
          <span className="appt-zone">{named}</span>
        </>
      )}
      {withState && item.booking && (
        <span className="appt-state">
          {' · '}
          {BOOKING_WORDS[item.booking.state].short}
        </span>
      )}
    </span>
  );
}

/** A block of the grid (memoised: a change to one appointment re-renders only its block). */
export const AppointmentBlock = memo(function AppointmentBlock(p: BlockProps) {
  const { item } = p;
  const size = sizeOf(p.height);
  const state = appointmentState(item);
  const narrow = p.lanes >= 3 || p.dense === true;
  const fit = fitOf(p.width, size, narrow);
  // Badges need a third line, and room across: otherwise the block's name says them.
  const badgesHidden = p.height < 50 || p.lanes >= 3 || fit !== 0;
  // Small blocks show whom the appointment is for (titles usually start with the treatment); the title is in the
  // block's name and the hover text.
  const who = size === 'full' ? null : item.people.find((person) => person.name)?.name || null;
  const periodShown = fit !== 76 && fit !== 60;
  const withState = badgesHidden && size !== 'tiny';
  const { replied } = p;
  // What the block does not show, said after what it shows (block-label.ts); none when it shows every word.
  const label = blockLabel(
    item,
    { zone: p.zone, who, periodShown, shortState: withState, badgesShown: !badgesHidden },
    replied,
  );
  const width = 100 / p.lanes;
  const openMenu = (e: MouseEvent<HTMLButtonElement>) => {
    e.preventDefault();
    p.onMenu(item, { x: e.clientX, y: e.clientY });
  };
  return (
    <button
      type="button"
      className={`appt appt-${size} cal-slot-${p.slot}${p.lanes >= 3 ? ' appt-narrow' : ''}${FIT_CLASSES[fit]}${item.free ? ' appt-free' : ''}${p.highlighted ? ' appt-changed' : ''}`}
      data-testid="appointment"
      data-id={item.id}
      data-pending={item.pending?.status ?? undefined}
      data-change={item.pending?.change ?? undefined}
      data-booking={item.booking?.state}
      data-state={state.key}
      data-sync={state.sync?.key}
      aria-haspopup="menu"
      aria-label={label ?? undefined}
      title={tooltipOf(item, p.zone, state.label)}
      style={{ top: p.top, height: p.height, left: `calc(${p.lane * width}% + 2px)`, width: `calc(${width}% - 4px)` }}
      onClick={() => p.onOpen(item.id)}
      onContextMenu={openMenu}
      tabIndex={p.tabStop === false ? -1 : 0}
      onKeyDown={(e) => {
        if (p.onKeys?.(item, e)) e.preventDefault();
        else menuKeys((at) => p.onMenu(item, at))(e);
      }}
      onPointerDown={(e) => p.onDragStart(item, e)}
      onFocus={() => p.onFocusChange?.(item.id)}
    >
      <span className="appt-head">
        {stateIcon(state.icon, 'state-icon')}
        {startTime({ item, zone: p.zone, withState, periodShown })}
        {state.sync && stateIcon(state.sync.icon, 'sync-icon')}
        {seriesOf(item) && <SeriesMark item={item} named />}
      </span>{' '}
      {who ? <span className="appt-who">{who}</span> : <span className="appt-title">{appointmentTitle(item)}</span>}
      {!badgesHidden && (
        <>
          {' '}
          <span className="appt-badges">
            <BadgeList item={item} replied={replied} named={label !== null} />
          </span>
        </>
      )}
    </button>
  );
});
