/**
 * What an appointment block says: its badges' words, and the name of a block that does not show all its words.
 *
 * A block too small to show everything is named by an `aria-label` — an attribute, so there is no element of words
 * for screen readers to create, style and lay out in each of a day's hundreds of blocks. The name starts with the words
 * the block shows, in the order it shows them (its start time, the booking's short state, the series mark, whom it is
 * for or its title, the badges it has room for), so what a person sees is what they can say to speech input software
 * (WCAG 2.5.3, "Label in Name"); then it says what the block has no room for (its title, its badges, "Not confirmed
 * yet", why a booking was not booked), each once. A word the block does not show in the middle of those it shows is in
 * brackets: screen readers do not read the brackets out, and a check of the name for the shown words leaves them aside.
 * A block that shows all its words has no label: its words are its name.
 */
import type { AgendaItem, ReplyMeaning } from '../../../common/contract';
import { timeParts, zoneOfItem, zoneSuffix } from '../../lib/practice-time';
import {
  BOOKING_WORDS,
  CHANGE_WORDS,
  MARK_WORDS,
  NOT_CONFIRMED,
  appointmentChangeWords,
  appointmentTitle,
  bookingFailureWords,
  checkInWords,
  confirmationTone,
  confirmationWords,
  type Tone,
} from '../../lib/words';
import { pendingMarkWords } from './appointment-actions';
import { appointmentState } from './appointment-state';
import { isRunningLate } from './running-late';
import { seriesMarkLabel } from './SeriesParts';

/** One badge of an appointment: its words and tone, and its test id where tests find it. */
interface Badge {
  key: 'booking' | 'reply' | 'waiting' | 'mark' | 'check-in' | 'running-late' | 'state';
  words: string;
  tone: Tone;
  testId?: string;
}

/**
 * The badges of an appointment, in the order they show: its booking's state, the meaning of the patient's text reply
 * (`replied`), a change waiting to sync, a mark waiting to sync, else the check-in, running late, or the person's
 * answer (not "not confirmed yet": that is no badge).
 */
export function badgesOf(item: AgendaItem, replied: ReplyMeaning | undefined): Badge[] {
  const person = item.people[0];
  const waiting = appointmentChangeWords(item.pending);
  const marked = pendingMarkWords(item);
  const badges: Badge[] = [];
  if (item.booking) {
    const { word, tone } = BOOKING_WORDS[item.booking.state];
    badges.push({ key: 'booking', words: word, tone, testId: 'booking-state' });
  }
  if (replied)
    badges.push({
      key: 'reply',
      words: replied === 'cancel' ? 'Texted: cancel' : 'Texted: confirm',
      tone: replied === 'cancel' ? 'bad' : 'good',
      testId: 'reply-label',
    });
  if (waiting)
    badges.push({ key: 'waiting', words: waiting, tone: CHANGE_WORDS[item.pending?.status ?? 'queued'].tone });
  if (marked) badges.push({ key: 'mark', words: marked, tone: 'neutral', testId: 'pending-mark' });
  else if (person?.checkIn)
    badges.push({
      key: 'check-in',
      words: checkInWords(person.checkIn),
      tone: person.checkIn === 'noshow' ? 'bad' : 'good',
    });
  else if (isRunningLate(item))
    badges.push({ key: 'running-late', words: MARK_WORDS.running_late.word, tone: 'wait', testId: 'running-late' });
  else if (person?.state && person.state !== NOT_CONFIRMED)
    badges.push({ key: 'state', words: confirmationWords(person.state), tone: confirmationTone(person.state) });
  return badges;
}

/** What a block shows of an appointment (AppointmentBlock.tsx decides it from the block's size). */
interface BlockView {
  /** The practice's zone. */
  zone: string;
  /** Whom it is for, shown in place of its title (a small block), or null: the title shows. */
  who: string | null;
  /** The start time's day period and calendar zone show beside its clock (not in the narrowest lanes). */
  periodShown: boolean;
  /** The booking's short state shows after the start time. */
  shortState: boolean;
  /** The badges show. */
  badgesShown: boolean;
}

/** "The service no longer has it": why a booking was not booked, as a sentence of its own. */
function failureSentence(booking: NonNullable<AgendaItem['booking']>): string {
  const words = bookingFailureWords(booking.reason);
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The block's name when it does not show all its words: the words it shows, in order, then the rest; null when it
 * shows them all (its content is its name). `replied`: the meaning of the patient's text reply, as the badges show it.
 */
export function blockLabel(item: AgendaItem, view: BlockView, replied: ReplyMeaning | undefined): string | null {
  const own = zoneOfItem(item, view.zone);
  const { clock, period } = timeParts(item.start, own);
  const named = own === view.zone ? '' : zoneSuffix(own, item.start).trim();
  const after = [period, named].filter(Boolean).join(' ');
  const booking = item.booking;
  const shortState = view.shortState && booking ? BOOKING_WORDS[booking.state].short : null;
  const series = seriesMarkLabel(item);
  const badges = badgesOf(item, replied);
  const state = appointmentState(item);
  const answer = item.people[0]?.state;
  // The badges say every state but "not confirmed yet".
  const unsaid = state.key === 'scheduled' && !item.pendingMark && !booking && (!answer || answer === NOT_CONFIRMED);

  const shown = [
    view.periodShown || !after ? [clock, after].filter(Boolean).join(' ') : `${clock} (${after})`,
    shortState,
    series,
    view.who ?? appointmentTitle(item),
    ...(view.badgesShown ? badges.map((badge) => badge.words) : []),
  ];
  const unshown = [
    view.who ? appointmentTitle(item) : null,
    // The short state already said the booking's state.
    ...(view.badgesShown ? [] : badges.filter((b) => !(b.key === 'booking' && shortState)).map((b) => b.words)),
    booking?.state === 'failed' ? failureSentence(booking) : null,
    unsaid ? state.words : null,
  ].filter((words): words is string => Boolean(words));
  if (unshown.length === 0 && series === null && (view.periodShown || !after)) return null;
  return [...shown, ...unshown].filter(Boolean).join(' ');
}
