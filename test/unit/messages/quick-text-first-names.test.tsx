// @vitest-environment jsdom
/**
 * Quick texts fill {first name} with the patient's first name, not their whole name: "Text everyone in the next hour"
 * in the text shown for each patient before sending and in each text handed to the outbox; "Text patient" and a
 * thread's reply in the quick text they put in the box.
 */
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AgendaItem, OutboxItem } from '../../../common/contract';
import { installRecordingBridge, type BridgeCall } from '../../support/recording-bridge';
import { practiceZone, timeInZone } from '../../../renderer/lib/practice-time';
import type { DelayBroadcast as Broadcast } from '../../../renderer/features/messages/DelayBroadcast';
import type { TextPatientDialog as TextPatient } from '../../../renderer/features/messages/TextPatientDialog';
import type { ThreadPane as Pane } from '../../../renderer/features/messages/ThreadPane';
import type { useMessagesStore as MessagesStore } from '../../../renderer/stores/messages-store';

const TEMPLATE = 'Hi {first name}, we are running {minutes} minutes late. See you soon.';
let calls: BridgeCall[] = [];
let DelayBroadcast: typeof Broadcast;
let TextPatientDialog: typeof TextPatient;
let ThreadPane: typeof Pane;
let useMessagesStore: typeof MessagesStore;

/** One appointment 20 minutes from now with one patient (the dialog reads the next hour when it opens). */
function visit(id: number, name: string, phone: string): AgendaItem {
  const start = Date.now() + 20 * 60_000;
  return {
    id,
    title: 'Cleaning',
    start: new Date(start).toISOString(),
    end: new Date(start + 30 * 60_000).toISOString(),
    calendarName: 'Hygiene',
    location: '',
    people: [{ name, phone, email: '', state: 'confirmed' }],
    pending: null,
    pendingMark: null,
  };
}

const sent = (id: string): OutboxItem => ({
  id,
  kind: 'message.start',
  about: { who: '', title: '', appointmentType: '', mark: '', text: '' },
  status: 'queued',
  attempts: 0,
  nextAttemptAt: 0,
  createdAt: 0,
  error: null,
  reason: null,
  requiredScope: null,
  timePassed: false,
  result: null,
  canRetry: true,
  appointmentAt: null,
  zone: null,
});

beforeAll(async () => {
  calls = installRecordingBridge({
    'messages:quick-texts': [
      'Hi {first name}, your visit is at {time}.',
      'We are running about {minutes} minutes late',
    ],
    'calendar:range': () => ({
      items: [visit(7, 'Maria Luisa Garcia', '(312) 555-0143'), visit(8, 'Okafor, Samuel', '(312) 555-0177')],
      fetchedAt: Date.now(),
      source: 'service',
    }),
    'messages:start': () => sent(`op-${calls.length}`),
    // Everyone may be texted.
    'contacts:consent': ({ phones }: { phones: string[] }) => ({
      phones: Object.fromEntries(phones.map((p) => [p, { state: 'allowed', via: null, since: null, waiting: null }])),
      source: 'service',
      fetchedAt: Date.now(),
      unknownWhy: null,
    }),
  });
  ({ DelayBroadcast } = await import('../../../renderer/features/messages/DelayBroadcast'));
  ({ TextPatientDialog } = await import('../../../renderer/features/messages/TextPatientDialog'));
  ({ ThreadPane } = await import('../../../renderer/features/messages/ThreadPane'));
  ({ useMessagesStore } = await import('../../../renderer/stores/messages-store'));
});

afterEach(cleanup);

describe('first names in quick texts', () => {
  it('fills {first name} with the first name only, in the preview and in each text sent', async () => {
    const user = userEvent.setup();
    render(<DelayBroadcast onClose={() => undefined} />);
    await waitFor(() => expect(screen.getAllByTestId('broadcast-row')).toHaveLength(2));
    // The receptionist writes the text for this delay.
    const text = screen.getByLabelText('Text (filled in for each patient)');
    await user.clear(text);
    await user.click(text);
    await user.paste(TEMPLATE);
    const shown = screen
      .getAllByTestId('broadcast-row')
      .map((row) => row.querySelector('.broadcast-text')?.textContent);
    expect(shown).toEqual([
      'Hi Maria, we are running 15 minutes late. See you soon.',
      'Hi Samuel, we are running 15 minutes late. See you soon.',
    ]);

    await user.click(screen.getByRole('button', { name: 'Send 2 texts' }));
    await waitFor(() => expect(calls.filter((c) => c.channel === 'messages:start')).toHaveLength(2));
    expect(calls.filter((c) => c.channel === 'messages:start').map((c) => c.args)).toEqual([
      expect.objectContaining({
        name: 'Maria Luisa Garcia',
        text: 'Hi Maria, we are running 15 minutes late. See you soon.',
      }),
      expect.objectContaining({
        name: 'Okafor, Samuel',
        text: 'Hi Samuel, we are running 15 minutes late. See you soon.',
      }),
    ]);
  });

  it('“Text patient” fills {first name} with the first name only', async () => {
    const user = userEvent.setup();
    const start = visit(9, 'Maria Luisa Garcia', '').start;
    render(
      <TextPatientDialog to={{ name: 'Maria Luisa Garcia', phone: '+13125550143', start }} onClose={() => undefined} />,
    );
    await user.click(screen.getByRole('button', { name: 'Quick text ▾' }));
    await user.click(await screen.findByRole('menuitem', { name: /^Hi \{first name\}/ }));
    expect(screen.getByLabelText<HTMLTextAreaElement>('Message').value).toBe(
      `Hi Maria, your visit is at ${timeInZone(start, practiceZone())}.`,
    );
  });

  it('a thread’s reply fills {first name} with the first name only', async () => {
    const user = userEvent.setup();
    useMessagesStore.setState({
      selectedId: 5,
      detail: {
        thread: {
          id: 5,
          channel: 'sms',
          name: 'Garcia, Maria Luisa',
          phone: '+13125550143',
          phoneDisplay: '(312) 555-0143',
          email: '',
          contactId: null,
          eventId: null,
          lastMessage: null,
          lastAt: null,
          unread: 0,
          meaning: null,
          pending: 0,
        },
        messages: [],
        pending: [],
        fetchedAt: Date.now(),
        source: 'service',
      },
    });
    render(<ThreadPane canSend />);
    await user.click(screen.getByRole('button', { name: 'Quick text ▾' }));
    await user.click(await screen.findByRole('menuitem', { name: /^Hi \{first name\}/ }));
    expect(screen.getByLabelText<HTMLTextAreaElement>(/^Reply to /).value).toBe('Hi Maria, your visit is at {time}.');
  });
});
