/**
 * An appointment's state at a glance, decided in one place: the grid's fill and icon, the Key that explains them, and
 * which visits are gone (cancelled, no-show) and so take no room from live ones. The words are words.ts's.
 */
import { MARK_STATES, type AgendaItem, type MarkState } from '../../../common/contract';
import {
  BOOKING_WORDS,
  CHANGE_WORDS,
  CONFIRMATION_WORDS,
  MARK_WORDS,
  appointmentChangeWords,
  bookingLine,
  checkInWords,
  confirmationWords,
} from '../../lib/words';
import { isRunningLate } from './running-late';

/** The state a block is filled by (one each; the Key lists them in this order). */
const STATE_KEYS = [
  'scheduled',
  'confirmed',
  'arrived',
  'running_late',
  'late',
  'noshow',
  'cancelled',
  'reschedule',
] as const;
type StateKey = (typeof STATE_KEYS)[number];

/** A change of it not yet at the service, laid over the state: waiting to be sent, or stopped until looked at. */
type SyncKey = 'waiting' | 'attention';

/** The icon of a state or of a sync (StateIcon.tsx draws each). */
export type StateIconName = StateKey | SyncKey;

/** What a block shows of an appointment's state. */
export interface AppointmentState {
  key: StateKey;
  /** The state in words ("Arrived late", "Not confirmed yet"). */
  words: string;
  icon: StateIconName;
  /** A change made here that the service does not have yet, or that needs the desk. */
  sync: { key: SyncKey; words: string; icon: StateIconName } | null;
  /**
   * Cancelled or did not come (a mark waiting to sync too: Undo brings it back): hidden unless "Show cancelled", and it
   * takes no lane from live visits.
   */
  gone: boolean;
  /** The whole state in words, sync included ("Arrived — waiting to sync"). */
  label: string;
}

const isMark = (mark: string): mark is MarkState => (MARK_STATES as readonly string[]).includes(mark);

/** The state a mark puts an appointment in (a mark this app does not know yet: null). */
function keyOfMark(mark: string): StateKey | null {
  switch (mark) {
    case 'arrived':
    case 'ontime':
      return 'arrived';
    case 'late':
      return 'late';
    case 'running_late':
      return 'running_late';
    case 'noshow':
      return 'noshow';
    case 'confirmed':
      return 'confirmed';
    case 'cancelled':
      return 'cancelled';
    case 'needs_reschedule':
      return 'reschedule';
    default:
      return null;
  }
}

/** The state a person's answer puts an appointment in. */
function keyOfAnswer(answer: string): StateKey {
  switch (answer) {
    case 'confirmed':
    case 'accepted':
      return 'confirmed';
    case 'not_coming':
    case 'not_coming_no_reschedule':
    case 'declined':
      return 'cancelled';
    case 'not_coming_needs_reschedule':
      return 'reschedule';
    default:
      return 'scheduled';
  }
}

/** A mark in words as its check-in reads ("Arrived late"), else as the menu says it ("Wants a new time"). */
function markWords(mark: string): string {
  if (isMark(mark)) return MARK_WORDS[mark].checkedIn ?? MARK_WORDS[mark].word;
  const words = checkInWords(mark);
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** "Arrived — waiting to sync". */
const joined = (words: string, more: string) => `${words} — ${more.charAt(0).toLowerCase()}${more.slice(1)}`;

/** The primary state and its words, from the mark waiting to sync, the check-in or the person's answer. */
function primary(item: AgendaItem): { key: StateKey; words: string } {
  const person = item.people[0];
  const mark = item.pendingMark ? keyOfMark(item.pendingMark) : null;
  if (item.pendingMark && mark) return { key: mark, words: markWords(item.pendingMark) };
  const answer = person?.state ?? '';
  const answered = keyOfAnswer(answer);
  // Not coming outweighs an earlier check-in; a check-in outweighs a confirmation.
  if (answered === 'cancelled' || answered === 'reschedule') return { key: answered, words: confirmationWords(answer) };
  const checkIn = person?.checkIn ? keyOfMark(person.checkIn) : null;
  if (person?.checkIn && checkIn) return { key: checkIn, words: markWords(person.checkIn) };
  // Said by the desk (kept in the custom data, running-late.ts), until a check-in.
  if (isRunningLate(item)) return { key: 'running_late', words: markWords('running_late') };
  if (answered === 'confirmed') return { key: answered, words: confirmationWords(answer) };
  return {
    key: 'scheduled',
    words: answer && answer !== 'initial' ? confirmationWords(answer) : CONFIRMATION_WORDS.initial.word,
  };
}

/** What is waiting to sync or needs the desk, in words. */
function syncOf(item: AgendaItem): AppointmentState['sync'] {
  if (item.pending?.status === 'needs_attention')
    return { key: 'attention', words: CHANGE_WORDS.needs_attention.word, icon: 'attention' };
  if (item.booking?.state === 'failed')
    return { key: 'attention', words: bookingLine('failed', item.booking.reason), icon: 'attention' };
  const waiting = appointmentChangeWords(item.pending);
  if (waiting) return { key: 'waiting', words: waiting, icon: 'waiting' };
  if (item.pendingMark) return { key: 'waiting', words: CHANGE_WORDS.queued.word, icon: 'waiting' };
  if (item.booking?.state === 'pending') return { key: 'waiting', words: BOOKING_WORDS.pending.word, icon: 'waiting' };
  return null;
}

/** An appointment's state at a glance. */
export function appointmentState(item: AgendaItem): AppointmentState {
  const { key, words } = primary(item);
  const sync = syncOf(item);
  return {
    key,
    words,
    icon: key,
    sync,
    gone: isGone(key),
    label: sync ? joined(words, sync.words) : words,
  };
}

/** Cancelled, wanting a new time, or did not come. */
function isGone(key: StateKey): boolean {
  return key === 'cancelled' || key === 'reschedule' || key === 'noshow';
}

/** One row of the Key: a state (or a sync) with its words. */
export interface KeyEntry {
  key: StateKey | SyncKey;
  icon: StateIconName;
  words: string;
}

/** The Key's rows, in order: every state a block can be filled by, then the two syncs. */
export function stateKeyEntries(): KeyEntry[] {
  const words: Record<StateKey, string> = {
    scheduled: CONFIRMATION_WORDS.initial.word,
    confirmed: CONFIRMATION_WORDS.confirmed.word,
    arrived: MARK_WORDS.arrived.word,
    running_late: markWords('running_late'),
    late: MARK_WORDS.late.checkedIn ?? MARK_WORDS.late.word,
    noshow: MARK_WORDS.noshow.word,
    cancelled: CONFIRMATION_WORDS.not_coming.word,
    reschedule: CONFIRMATION_WORDS.not_coming_needs_reschedule.word,
  };
  return [
    ...STATE_KEYS.map((key) => ({ key, icon: key, words: words[key] })),
    { key: 'waiting', icon: 'waiting', words: CHANGE_WORDS.queued.word },
    { key: 'attention', icon: 'attention', words: CHANGE_WORDS.needs_attention.word },
  ];
}
