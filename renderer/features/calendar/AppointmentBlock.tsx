/** One appointment in the time grid or the agenda: its time, title, people's states and what is waiting to sync. */
import { memo, type KeyboardEvent, type MouseEvent, type PointerEvent, type ReactNode } from 'react';
import type { AgendaItem } from '../../../common/contract';
import { timeInZone, timeParts, zoneOfItem, zoneSuffix } from '../../lib/practice-time';
import { useMessagesStore } from '../../stores/messages-store';
import { menuKeys } from './menu-keys';
import { pendingMarkWords } from './appointment-actions';
import { appointmentState } from './appointment-state';
import { isRunningLate } from './running-late';
import { StateIcon } from './StateIcon';
import { SeriesMark } from './SeriesParts';
import {
  BOOKING_WORDS,
  CHANGE_WORDS,
  NOT_CONFIRMED,
  appointmentChangeWords,
  appointmentTitle,
  bookingFailureWords,
  bookingLine,
  MARK_WORDS,
  checkInWords,
  confirmationTone,
  confirmationWords,
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

/** A device-backed booking's state as a badge; the grid's short words, the whole sentence for screen readers. */
function BookingStateBadge({ booking }: { booking: NonNullable<AgendaItem['booking']> }) {
  const { tone, word } = BOOKING_WORDS[booking.state];
  return (
    <span className={`badge badge-${tone}`} data-testid="booking-state" data-state={booking.state}>
      {word}
      {booking.state === 'failed' && <span className="visually-hidden"> — {bookingFailureWords(booking.reason)}</span>}
    </span>
  );
}

/**
 * Badges of an appointment (shared by grid and agenda), a space between each: where they are not laid out as boxes
 * (hidden for screen readers in a small block, the accessible name, copied text) their words stay apart, never
 * "Texted: confirmConfirmed". A flex row draws no space between its items. With `hidden`, they are for screen readers
 * only, after `hidden.before` and followed by `hidden.after`, in one element — none at all when there is nothing to
 * say: a day's small blocks are hundreds of elements fewer to create, style and lay out, and each has one box of words
 * for screen readers to lay out, not one per thing to say.
 */
export function AppointmentBadges({
  item,
  hidden,
}: {
  item: AgendaItem;
  hidden?: { before?: ReactNode; after: string | null };
}) {
  const waiting = pendingWords(item);
  const person = item.people[0];
  const replied = useMessagesStore((s) => s.meanings[item.id]);
  const badges = [
    item.booking && <BookingStateBadge key="booking" booking={item.booking} />,
    replied && (
      <span key="reply" className={`badge badge-${replied === 'cancel' ? 'bad' : 'good'}`} data-testid="reply-label">
        {replied === 'cancel' ? 'Texted: cancel' : 'Texted: confirm'}
      </span>
    ),
    waiting && (
      <span key="waiting" className={`badge badge-${CHANGE_WORDS[item.pending?.status ?? 'queued'].tone}`}>
        {waiting}
      </span>
    ),
    item.pendingMark && (
      <span key="mark" className="badge badge-neutral" data-testid="pending-mark">
        {pendingMarkWords(item)}
      </span>
    ),
    !item.pendingMark && person?.checkIn && (
      <span key="check-in" className={`badge badge-${person.checkIn === 'noshow' ? 'bad' : 'good'}`}>
        {checkInWords(person.checkIn)}
      </span>
    ),
    !item.pendingMark && !person?.checkIn && isRunningLate(item) && (
      <span key="running-late" className="badge badge-wait" data-testid="running-late">
        {MARK_WORDS.running_late.word}
      </span>
    ),
    !item.pendingMark && !person?.checkIn && person?.state && person.state !== NOT_CONFIRMED && (
      <span key="state" className={`badge badge-${confirmationTone(person.state)}`}>
        {confirmationWords(person.state)}
      </span>
    ),
  ].filter(Boolean);
  const spaced = badges.flatMap((badge, i) => (i === 0 ? [badge] : [' ', badge]));
  if (!hidden) return <>{spaced}</>;
  if (spaced.length === 0 && !hidden.after && !hidden.before) return null;
  return (
    <span className="visually-hidden appt-said">
      {hidden.before}
      {hidden.before && spaced.length > 0 && ' '}
      {spaced}
      {hidden.after && ` ${hidden.after}`}
    </span>
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
 * What a block's content box can hold, as classes (calendar.css `.appt-fit-*`): at most 90 px across, badges stay for
 * screen readers; at most 76 px, the time at 11 px with its day period and zone for screen readers only; at most 60
 * px, the name smaller too. The content box is the width less the padding and borders calendar.css gives this block:
 * 3 + 1 px and 3 + 1 px in a narrow lane or the Week, 4 + 4 and 4 + 1 in a short or tiny one, 6 + 6 and 4 + 1 else.
 */
function fitOf(width: number | undefined, size: 'tiny' | 'short' | 'full', narrow: boolean): string {
  if (width === undefined) return '';
  const content = width - (narrow ? 8 : size === 'full' ? 17 : 13);
  if (content <= 60) return ' appt-fit-90 appt-fit-76 appt-fit-60';
  if (content <= 76) return ' appt-fit-90 appt-fit-76';
  return content <= 90 ? ' appt-fit-90' : '';
}

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
 * The start time; the day period ("AM") gives way first in a narrow block and stays for screen readers. A block too
 * small for badges says its booking's state after the time (screen readers hear the whole badge instead).
 */
function StartTime({ item, zone, withState }: { item: AgendaItem; zone: string; withState: boolean }) {
  // On its calendar's clock, named where that is not the practice's (a satellite office), as on every screen; the
  // practice's own clock is named once, above the grid, where it is not this computer's.
  const own = zoneOfItem(item, zone);
  const { clock, period } = timeParts(item.start, own);
  const named = own === zone ? '' : zoneSuffix(own, item.start).trim();
  return (
    <span className="appt-time">
      {clock}
      {period && (
        <>
          {' '}
          <span className="appt-period">{period}</span>
        </>
      )}
      {named && (
        <>
          {' '}
          <span className="appt-zone">{named}</span>
        </>
      )}
      {withState && item.booking && (
        <span className="appt-state" aria-hidden="true">
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
  // The badges say every state but "not confirmed yet": it is said for screen readers here.
  const answer = item.people[0]?.state;
  const unsaid =
    state.key === 'scheduled' && !item.pendingMark && !item.booking && (!answer || answer === NOT_CONFIRMED);
  // Badges need a third line, and room across: otherwise they stay for screen readers only.
  const badgesHidden = p.height < 50 || p.lanes >= 3;
  // Small blocks show whom the appointment is for (titles usually start with the treatment); the title stays in the
  // accessible name and the hover text.
  const who = size === 'full' ? null : item.people.find((person) => person.name)?.name || null;
  const width = 100 / p.lanes;
  const narrow = p.lanes >= 3 || p.dense === true;
  const openMenu = (e: MouseEvent<HTMLButtonElement>) => {
    e.preventDefault();
    p.onMenu(item, { x: e.clientX, y: e.clientY });
  };
  return (
    <button
      type="button"
      className={`appt appt-${size} cal-slot-${p.slot}${p.lanes >= 3 ? ' appt-narrow' : ''}${fitOf(p.width, size, narrow)}${item.free ? ' appt-free' : ''}${p.highlighted ? ' appt-changed' : ''}`}
      data-testid="appointment"
      data-id={item.id}
      data-pending={item.pending?.status ?? undefined}
      data-change={item.pending?.change ?? undefined}
      data-booking={item.booking?.state}
      data-state={state.key}
      data-sync={state.sync?.key}
      aria-haspopup="menu"
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
        <StateIcon name={state.icon} testId="state-icon" />
        <StartTime item={item} zone={p.zone} withState={badgesHidden && size !== 'tiny'} />
        {state.sync && <StateIcon name={state.sync.icon} testId="sync-icon" />}
        <SeriesMark item={item} />
      </span>{' '}
      {who && (
        <span className="appt-who" aria-hidden="true">
          {who}
        </span>
      )}
      {/* A block that shows whom it is for has its title for screen readers, with what else it has no room for. */}
      {!who && <span className="appt-title">{appointmentTitle(item)}</span>}{' '}
      {!badgesHidden && (
        <span className="appt-badges">
          <AppointmentBadges item={item} />
        </span>
      )}
      {badgesHidden && (
        <AppointmentBadges
          item={item}
          hidden={{
            before: who && <span className="appt-title">{appointmentTitle(item)}</span>,
            after: unsaid ? state.words : null,
          }}
        />
      )}
      {unsaid && !badgesHidden && <span className="visually-hidden"> {state.words}</span>}
    </button>
  );
});
