// @vitest-environment jsdom
/**
 * A schedule block's accessible name keeps each word apart: the reply label and the state badge after it are two
 * phrases ("Texted: confirm", "Confirmed"), never "Texted: confirmConfirmed", whether the block is tall enough to show
 * its badges or keeps them for screen readers only. The reply's meaning is the grid's to give (it reads the messages
 * once for all its blocks).
 */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AgendaItem, ReplyMeaning } from '../../../common/contract';
import type { AppointmentBlock as Block } from '../../../renderer/features/calendar/AppointmentBlock';
import { installRecordingBridge } from '../../support/recording-bridge';

const item: AgendaItem = {
  id: 500,
  externalId: null,
  title: 'Cleaning',
  start: '2030-01-08T09:00:00-06:00',
  end: '2030-01-08T09:30:00-06:00',
  calendarId: 1001,
  calendarName: 'Dr. Amelia Hart',
  location: 'Room 2',
  people: [{ name: 'Nathan Haddad', phone: '312-555-0100', email: '', state: 'confirmed' }],
  pending: null,
  pendingMark: null,
};

let AppointmentBlock: typeof Block;

beforeAll(async () => {
  installRecordingBridge();
  ({ AppointmentBlock } = await import('../../../renderer/features/calendar/AppointmentBlock'));
});
afterEach(cleanup);

/** Draws the block `height` px tall, the patient having texted `replied`. */
function draw(shown: AgendaItem, height: number, replied: ReplyMeaning): void {
  render(
    <AppointmentBlock
      item={shown}
      zone="America/Chicago"
      slot={0}
      top={0}
      height={height}
      lane={0}
      lanes={1}
      highlighted={false}
      replied={replied}
      onOpen={() => undefined}
      onMenu={() => undefined}
      onDragStart={() => undefined}
    />,
  );
}

describe('a schedule block’s accessible name', () => {
  it.each([
    ['tall enough to show its badges', 80],
    ['too small to show badges (they are there for screen readers only)', 40],
  ])('keeps the reply label and the state apart when %s', (_, height) => {
    draw(item, height, 'confirm');
    // getByRole matches the whole accessible name, as testing-library computes it for a screen reader.
    expect(screen.getByRole('button', { name: '9:00 AM Cleaning Texted: confirm Confirmed' })).toBeDefined();
  });

  it('keeps every badge apart: the booking, the reply, the change waiting to sync and the state', () => {
    draw(
      {
        ...item,
        booking: { id: 7, eventId: item.id, name: 'Nathan Haddad', state: 'booked', reason: null },
        pending: { change: 'update', status: 'queued', changeId: 'c-1' },
      },
      80,
      'cancel',
    );
    expect(
      screen.getByRole('button', { name: '9:00 AM Cleaning Booked Texted: cancel Waiting to sync Confirmed' }),
    ).toBeDefined();
  });
});
