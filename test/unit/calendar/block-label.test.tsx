// @vitest-environment jsdom
/**
 * The name of a block that does not show all its words (block-label.ts): it starts with the words the block shows, in
 * the order they show — what speech input users say is what they see, and axe's `label-content-name-mismatch` checks
 * it — then says what the block has no room for: its title, every state word, why a booking was not booked, each once.
 */
import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  RUNNING_LATE_KEY,
  SERIES_COUNT_KEY,
  SERIES_INDEX_KEY,
  SERIES_KEY,
  SERIES_RULE_KEY,
  type AgendaItem,
} from '../../../common/contract';
import type { AppointmentBlock as Block } from '../../../renderer/features/calendar/AppointmentBlock';
import type * as Appointments from '../../../renderer/features/calendar/appointment-state';
import type * as Labels from '../../../renderer/features/calendar/block-label';
import { installRecordingBridge } from '../../support/recording-bridge';

const ZONE = 'America/Chicago';

const item: AgendaItem = {
  id: 700,
  externalId: null,
  title: 'Cleaning',
  start: '2030-01-08T09:00:00-06:00',
  end: '2030-01-08T09:30:00-06:00',
  calendarId: 1001,
  calendarName: 'Dr. Amelia Hart',
  location: '',
  people: [{ name: 'Ada Byrne', phone: '312-555-0100', email: '', state: 'initial' }],
  pending: null,
  pendingMark: null,
};
const person = item.people[0]!;

/** A small block: whom it is for, the booking's short state after the time, no badges. */
const SMALL = { zone: ZONE, who: 'Ada Byrne', periodShown: true, shortState: true, badgesShown: false };
/** The same in a lane too narrow for the day period. */
const NARROW = { ...SMALL, periodShown: false };
/** A tall, wide block: its title and badges. */
const FULL = { zone: ZONE, who: null, periodShown: true, shortState: false, badgesShown: true };

let blockLabel: typeof Labels.blockLabel;
let appointmentState: typeof Appointments.appointmentState;
let AppointmentBlock: typeof Block;

beforeAll(async () => {
  installRecordingBridge();
  ({ blockLabel } = await import('../../../renderer/features/calendar/block-label'));
  ({ appointmentState } = await import('../../../renderer/features/calendar/appointment-state'));
  ({ AppointmentBlock } = await import('../../../renderer/features/calendar/AppointmentBlock'));
  const time = await import('../../../renderer/lib/practice-time');
  time.usePracticeClock.setState({ zone: ZONE });
});
afterEach(cleanup);

/**
 * The words of a text as axe compares a name with what shows (its `label-content-name-mismatch`): what is in brackets
 * left aside, every mark that is not a letter or a digit a space, in lower case.
 */
function words(text: string): string[] {
  let out = text;
  for (let before = ''; before !== out;) [before, out] = [out, out.replace(/\([^()]*\)/g, '')];
  return out
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
}

const label = (shown: AgendaItem, view: typeof SMALL | typeof FULL) => blockLabel(shown, view, undefined) ?? '';

/** How often `phrase` is in `text`. */
const times = (text: string, phrase: string) => text.split(phrase).length - 1;

describe('a block’s name', () => {
  it('starts with the time and whom it is for, then its title and state', () => {
    expect(label(item, SMALL)).toBe('9:00 AM Ada Byrne Cleaning Not confirmed yet');
    // The day period it does not show is in brackets: the words shown ("9:00", "Ada Byrne") stay together.
    expect(label(item, NARROW)).toBe('9:00 (AM) Ada Byrne Cleaning Not confirmed yet');
    expect(words(label(item, NARROW)).slice(0, 4)).toEqual(['9', '00', 'ada', 'byrne']);
  });

  it('says the booking’s short state where it shows, after the time, and why it was not booked, once', () => {
    const failed = {
      ...item,
      booking: { id: 1, eventId: item.id, name: 'Ada Byrne', state: 'failed', reason: 'gone' },
    };
    const small = label(failed as AgendaItem, SMALL);
    expect(small).toBe('9:00 AM Not booked Ada Byrne Cleaning The service no longer has it');
    expect(times(small, 'Not booked')).toBe(1);
    // A tall block shows the badge: its words where it shows, the reason after everything shown.
    const full = label({ ...(failed as AgendaItem), booking: { ...failed.booking, reason: null } } as AgendaItem, FULL);
    expect(full).toBe('9:00 AM Cleaning Not booked The practice’s calendar system did not accept it');
    // A tiny block has no room for the short state: the badge says it.
    expect(label(failed as AgendaItem, { ...SMALL, shortState: false })).toBe(
      '9:00 AM Ada Byrne Cleaning Not booked The service no longer has it',
    );
    const pending = {
      ...item,
      booking: { id: 2, eventId: item.id, name: 'Ada Byrne', state: 'pending', reason: null },
    };
    // The short state shows ("Waiting for the office"): the badge's longer words are not said again.
    expect(label(pending as AgendaItem, SMALL)).toBe('9:00 AM Waiting for the office Ada Byrne Cleaning');
  });

  it('says a visit’s place in its series where its mark shows', () => {
    const visit = {
      ...item,
      customData: [
        { key: SERIES_KEY, value: 's-1' },
        { key: SERIES_INDEX_KEY, value: '3' },
        { key: SERIES_COUNT_KEY, value: '8' },
        { key: SERIES_RULE_KEY, value: 'weeks:1' },
      ],
    };
    const said = label(visit, SMALL);
    expect(said).toBe('9:00 AM (Visit) 3 (of) 8 (every week) Ada Byrne Cleaning Not confirmed yet');
    // The mark shows "↻ 3/8".
    expect(words(said).slice(0, 7)).toEqual(['9', '00', 'am', '3', '8', 'ada', 'byrne']);
  });

  it.each<[string, AgendaItem]>([
    ['not confirmed yet', item],
    ['confirmed', { ...item, people: [{ ...person, state: 'confirmed' }] }],
    ['not coming', { ...item, people: [{ ...person, state: 'not_coming' }] }],
    ['wanting a new time', { ...item, people: [{ ...person, state: 'not_coming_needs_reschedule' }] }],
    ['arrived', { ...item, people: [{ ...person, checkIn: 'arrived' }] }],
    ['arrived late', { ...item, people: [{ ...person, checkIn: 'late' }] }],
    ['a no-show', { ...item, people: [{ ...person, checkIn: 'noshow' }] }],
    ['running late', { ...item, customData: [{ key: RUNNING_LATE_KEY, value: 'yes' }] }],
    ['arrived, waiting to sync', { ...item, pendingMark: 'arrived' }],
    ['changed, waiting to sync', { ...item, pending: { change: 'update', status: 'queued', changeId: 'c-1' } }],
    ['needing attention', { ...item, pending: { change: 'update', status: 'needs_attention', changeId: 'c-2' } }],
  ])('says its state once when %s', (_, shown) => {
    const state = appointmentState(shown);
    for (const view of [SMALL, NARROW]) {
      const said = label(shown, view);
      expect(said.startsWith(view.periodShown ? '9:00 AM Ada Byrne Cleaning ' : '9:00 (AM) Ada Byrne Cleaning ')).toBe(
        true,
      );
      expect(times(said.toLowerCase(), state.words.toLowerCase())).toBe(1);
      if (state.sync) expect(times(said.toLowerCase(), state.sync.words.toLowerCase())).toBe(1);
    }
  });

  it('is none for a block that shows all its words: they are its name', () => {
    expect(blockLabel({ ...item, people: [{ ...person, state: 'confirmed' }] }, FULL, undefined)).toBeNull();
    // Not confirmed yet is no badge: a tall block has a name to say it.
    expect(label(item, FULL)).toBe('9:00 AM Cleaning Not confirmed yet');
  });
});

describe('a block of the grid', () => {
  it.each([
    ['15 minutes, narrow', 14, 60],
    ['30 minutes, narrow', 23, 60],
    ['30 minutes, wide', 23, 200],
    ['45 minutes', 40, 200],
    ['an hour, narrow', 48, 80],
    ['an hour, wide', 60, 200],
  ])('%s: its name starts with every word it shows, in order', (_, height, width) => {
    const booked = {
      ...item,
      booking: { id: 3, eventId: item.id, name: 'Ada Byrne', state: 'failed', reason: null },
      customData: [
        { key: SERIES_KEY, value: 's-2' },
        { key: SERIES_INDEX_KEY, value: '2' },
        { key: SERIES_COUNT_KEY, value: '6' },
        { key: SERIES_RULE_KEY, value: 'weeks:2' },
      ],
    } as AgendaItem;
    for (const shown of [item, booked, { ...item, people: [{ ...person, state: 'confirmed' }] }]) {
      const { container, unmount } = render(
        <AppointmentBlock
          item={shown}
          zone={ZONE}
          slot={0}
          top={0}
          height={height}
          lane={0}
          lanes={2}
          width={width}
          highlighted={false}
          onOpen={() => undefined}
          onMenu={() => undefined}
          onDragStart={() => undefined}
        />,
      );
      const block = container.querySelector<HTMLElement>('[data-testid="appointment"]')!;
      // Nothing in it is there for screen readers alone.
      expect(block.querySelectorAll('.visually-hidden')).toHaveLength(0);
      const named = block.getAttribute('aria-label');
      if (named !== null) {
        const visible = words(block.textContent ?? '');
        expect(words(named).slice(0, visible.length)).toEqual(visible);
        expect(named).toContain(shown.title);
      }
      unmount();
    }
  });
});
