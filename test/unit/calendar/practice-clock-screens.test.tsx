// @vitest-environment jsdom
/**
 * One clock on every screen: the status bar ("Offline since", "Up to date"), the Outbox ("Made", "Next try"), the "as of"
 * notice, a contact's history and the texts tell their moments on the practice's clock, labelled, never on this
 * computer's. The computer here is
 * in Tokyo and the practice in Chicago, so a time told in the computer's zone is fifteen hours off and unlabelled.
 */
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ContactHistory, OutboxItem } from '../../../common/contract';
import { installRecordingBridge } from '../../support/recording-bridge';
import type { StatusBar as Bar } from '../../../renderer/components/StatusBar';
import type { ReadStatus as Status } from '../../../renderer/components/ReadStatus';
import type { OutboxView as Outbox } from '../../../renderer/features/outbox/OutboxView';
import type { useAppStore as AppStore } from '../../../renderer/stores/app-store';
import type { usePracticeClock as Clock } from '../../../renderer/lib/practice-time';
import type { ContactHistoryLists as History } from '../../../renderer/features/contacts/ContactHistoryLists';
import type * as MessageTime from '../../../renderer/features/messages/message-time';

// 15:30:05 UTC: 9:30:05 AM in Chicago (CST), 12:30:05 AM the next day in Tokyo.
const AT = Date.parse('2030-01-08T15:30:05Z');
const item: OutboxItem = {
  id: 'op-1',
  kind: 'event.mark',
  about: { who: 'Nathan Haddad', title: '', appointmentType: '', mark: 'noshow', text: '' },
  status: 'queued',
  attempts: 1,
  nextAttemptAt: AT + 15 * 60_000,
  createdAt: AT,
  error: 'No answer from the service',
  reason: null,
  requiredScope: null,
  timePassed: false,
  result: null,
  canRetry: true,
  appointmentAt: Date.parse('2030-01-08T16:15:00Z'),
  zone: 'America/Chicago',
};

const computerZone = process.env.TZ;
let StatusBar: typeof Bar;
let ReadStatus: typeof Status;
let OutboxView: typeof Outbox;
let useAppStore: typeof AppStore;
let usePracticeClock: typeof Clock;
let ContactHistoryLists: typeof History;
let times: typeof MessageTime;

beforeAll(async () => {
  process.env.TZ = 'Asia/Tokyo';
  // jsdom lays nothing out: the Outbox's virtual list is given a window's height so it draws its rows.
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 800 });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 1280 });
  installRecordingBridge({
    'outbox:list': [item],
    'outbox:summary': { queued: 1, needsAttention: 0, held: [], keptAside: null },
  });
  ({ StatusBar } = await import('../../../renderer/components/StatusBar'));
  ({ ReadStatus } = await import('../../../renderer/components/ReadStatus'));
  ({ OutboxView } = await import('../../../renderer/features/outbox/OutboxView'));
  ({ useAppStore } = await import('../../../renderer/stores/app-store'));
  ({ usePracticeClock } = await import('../../../renderer/lib/practice-time'));
  ({ ContactHistoryLists } = await import('../../../renderer/features/contacts/ContactHistoryLists'));
  times = await import('../../../renderer/features/messages/message-time');
  usePracticeClock.setState({ zone: 'America/Chicago' });
});

afterEach(cleanup);

afterAll(() => {
  process.env.TZ = computerZone;
  Reflect.deleteProperty(HTMLElement.prototype, 'clientHeight');
  Reflect.deleteProperty(HTMLElement.prototype, 'clientWidth');
});

describe('times on the practice clock', () => {
  it('the computer really is elsewhere (else this file proves nothing)', () => {
    expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBe('Asia/Tokyo');
  });

  it('the status bar tells when the connection dropped and when it was up to date in Chicago time, labelled', async () => {
    useAppStore.setState({
      connectivity: { state: 'offline', checkedAt: AT, offlineSince: AT - 5 * 60_000, reason: null },
    });
    render(<StatusBar />);
    expect(screen.getByTestId('connectivity').textContent).toBe('Offline since 9:25 AM CST');
    cleanup();
    // Signed in and online: the schedule's last refresh, a minute after the last check.
    const { useAuthStore } = await import('../../../renderer/stores/auth-store');
    const { useScheduleSyncStore } = await import('../../../renderer/stores/schedule-sync-store');
    useAuthStore.setState({ status: { state: 'signed_in' } as never });
    usePracticeClock.setState({ zone: 'America/Chicago' }); // a sign-in without a practice names none
    useScheduleSyncStore.setState({ syncedAt: AT + 60_000 });
    useAppStore.setState({ connectivity: { state: 'online', checkedAt: AT, offlineSince: null, reason: null } });
    render(<StatusBar />);
    expect(screen.getByTestId('connectivity').textContent).toMatch(/^(Up to date|Online) · 9:31 AM CST$/);
    useAuthStore.setState({ status: null });
    usePracticeClock.setState({ zone: 'America/Chicago' });
  });

  it('the Outbox tells when a change was made and is tried next in Chicago time, labelled', async () => {
    render(<OutboxView />);
    const row = await waitFor(() => screen.getByTestId('outbox-row'));
    expect(row.textContent).toContain('Made 9:30 AM CST');
    expect(row.textContent).toContain('Next try 9:45 AM CST');
    expect(row.textContent).toContain('10:15 AM CST');
  });

  it('a saved copy says "as of" in Chicago time, labelled', () => {
    render(
      <ReadStatus
        data={{ source: 'cache', fetchedAt: AT }}
        loading={false}
        error={null}
        online={false}
        what="appointments"
        unavailableText=""
        testId="read-status"
        retry={() => undefined}
      />,
    );
    expect(screen.getByTestId('read-status').textContent).toBe('Offline — showing appointments as of 9:30 AM CST.');
  });

  it("a contact's appointments and bookings are told in Chicago time, labelled", () => {
    const start = new Date(AT).toISOString();
    const history: ContactHistory = {
      upcoming: [
        {
          id: 7,
          title: 'Cleaning',
          start,
          end: new Date(AT + 30 * 60_000).toISOString(),
          calendarName: 'Hygiene',
          location: '',
          people: [],
          pending: null,
          pendingMark: null,
        },
      ],
      past: [],
      bookings: [
        {
          id: 9,
          state: 'booked',
          name: 'Maria Garcia',
          phone: '',
          email: '',
          start,
          end: null,
          createdAt: null,
          page: 'lakeside-dental',
          appointmentType: 'cleaning',
          title: 'Cleaning',
          calendarName: null,
        },
      ],
      fetchedAt: AT,
      source: 'service',
    };
    render(<ContactHistoryLists history={history} />);
    const when = screen.getAllByText(/2030/).map((el) => el.textContent);
    expect(when).toEqual(['Tue 8 Jan 2030, 9:30 AM CST', 'Tue 8 Jan 2030, 9:30 AM CST']);
  });

  it('texts are timed in Chicago, labelled, in the thread and in the list', () => {
    const at = new Date(AT).toISOString();
    expect(times.messageTime(at, 'America/Chicago', AT)).toBe('9:30 AM CST');
    expect(times.messageTime(at, 'America/Chicago', AT + 86_400_000)).toBe('Tue 8 Jan, 9:30 AM CST');
    expect(times.listTime(at, 'America/Chicago', AT)).toBe('9:30 AM CST');
    expect(times.listTime(at, 'America/Chicago', AT + 86_400_000)).toBe('Tue');
  });
});
