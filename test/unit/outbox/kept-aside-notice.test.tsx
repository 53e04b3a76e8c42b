// @vitest-environment jsdom
/**
 * The user is told, in honest words, when saved changes could not be read: on the Outbox screen, on the sign-in
 * screen and in the status bar (how many changes at most may not have been sent, what to check before entering them
 * again, where they are kept), until they say they have noted it; and when the changes waiting cannot be read at
 * all, never beside "Nothing waiting".
 */
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { installRecordingBridge, type BridgeCall } from '../../support/recording-bridge';
import type { OutboxSummary } from '../../../common/contract';
import type { KeptAsideNotice as Notice } from '../../../renderer/features/outbox/KeptAsideNotice';
import type { StatusBar as Bar } from '../../../renderer/components/StatusBar';
import type { useOutboxStore as OutboxStore } from '../../../renderer/stores/outbox-store';
import type { SignInScreen as SignIn } from '../../../renderer/features/sign-in/SignInScreen';
import type { OutboxView as Outbox } from '../../../renderer/features/outbox/OutboxView';

let calls: BridgeCall[] = [];
let KeptAsideNotice: typeof Notice;
let StatusBar: typeof Bar;
let useOutboxStore: typeof OutboxStore;
let SignInScreen: typeof SignIn;
let OutboxView: typeof Outbox;
const file = '/home/desk/.local/share/frontdesk-browser-host/outbox/kept-aside.jsonl';
const summary = (keptAside: OutboxSummary['keptAside'], cannotOpen: string | null = null): OutboxSummary => ({
  queued: 0,
  needsAttention: 0,
  held: [],
  keptAside,
  cannotOpen,
});
const CANNOT = 'Frontdesk cannot read the changes waiting on this computer.';

beforeAll(async () => {
  // The bridge main would provide: acknowledging answers with a summary without the notice.
  calls = installRecordingBridge({
    'outbox:acknowledge-kept-aside': summary(null),
    'outbox:summary': () => useOutboxStore.getState().summary,
    'outbox:list': [],
  });
  ({ KeptAsideNotice } = await import('../../../renderer/features/outbox/KeptAsideNotice'));
  ({ StatusBar } = await import('../../../renderer/components/StatusBar'));
  ({ useOutboxStore } = await import('../../../renderer/stores/outbox-store'));
  ({ SignInScreen } = await import('../../../renderer/features/sign-in/SignInScreen'));
  ({ OutboxView } = await import('../../../renderer/features/outbox/OutboxView'));
});

afterEach(() => {
  cleanup();
  calls.length = 0;
});

describe('kept-aside notice', () => {
  it('says how many changes at most may not have been sent, what to check and where they are kept, until noted', async () => {
    useOutboxStore.setState({ summary: summary({ count: 3, file, since: 1 }) });
    render(<KeptAsideNotice />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain(
      'Up to 3 changes may not have been sent. Check the schedule, contacts and messages before entering them again.',
    );
    expect(alert.textContent).not.toContain('Nothing was sent');
    expect(alert.textContent).toContain(file);
    await userEvent.setup().click(screen.getByRole('button', { name: 'I have noted this' }));
    expect(calls.map((c) => c.channel)).toEqual(['outbox:acknowledge-kept-aside']);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('speaks of one change in the singular', () => {
    useOutboxStore.setState({ summary: summary({ count: 1, file, since: 1 }) });
    render(<KeptAsideNotice />);
    expect(screen.getByRole('alert').textContent).toContain(
      '1 change may not have been sent. Check the schedule, contacts and messages before entering it again.',
    );
  });

  it('when the log could not be checked as whole: says some may be missing, with the bound when one is known', () => {
    useOutboxStore.setState({ summary: summary({ count: 0, file, since: 1, unsure: true }) });
    render(<KeptAsideNotice />);
    expect(screen.getByRole('alert').textContent).toContain(
      'Frontdesk cannot tell whether every saved change is still there. Some changes may not have been sent. ' +
        'Check the schedule, contacts and messages before entering them again.',
    );
    cleanup();
    render(<StatusBar />);
    expect(screen.getByTestId('kept-aside-status').textContent).toBe('Some changes may not have been sent');
    cleanup();
    useOutboxStore.setState({ summary: summary({ count: 2, file, since: 1, unsure: true }) });
    render(<KeptAsideNotice />);
    expect(screen.getByRole('alert').textContent).toContain(
      'Frontdesk cannot tell whether every saved change is still there. Some changes may not have been sent: 2 ' +
        'found missing, and there may be more. Check the schedule',
    );
  });

  it('shows in the status bar too, and leads to the Outbox', async () => {
    useOutboxStore.setState({ summary: summary({ count: 2, file, since: 1 }) });
    render(<StatusBar />);
    const link = screen.getByRole('button', { name: 'Up to 2 changes may not have been sent' });
    await userEvent.setup().click(link);
    const { useNavStore } = await import('../../../renderer/stores/nav-store');
    expect(useNavStore.getState().screen).toBe('outbox');
  });

  it('shows on the sign-in screen, read at start while signed out', async () => {
    useOutboxStore.setState({ summary: summary({ count: 2, file, since: 1 }) });
    await useOutboxStore.getState().loadSummary();
    const { useAuthStore } = await import('../../../renderer/stores/auth-store');
    useAuthStore.setState({ status: { state: 'signed_out' } as never });
    render(<SignInScreen />);
    expect(screen.getByTestId('kept-aside').textContent).toContain('Up to 2 changes may not have been sent.');
  });

  it('an outbox that cannot be opened: said on the Outbox, sign-in screen and status bar, never "Nothing waiting"', async () => {
    useOutboxStore.setState({ summary: summary(null, CANNOT) });
    const { useAuthStore } = await import('../../../renderer/stores/auth-store');
    useAuthStore.setState({ status: { state: 'signed_out' } as never });
    render(<SignInScreen />);
    expect(screen.getByTestId('outbox-cannot-open').textContent).toBe(CANNOT);
    cleanup();
    render(<StatusBar />);
    expect(screen.getByTestId('outbox-cannot-open-status').textContent).toBe('Cannot read the changes waiting');
    cleanup();
    render(<OutboxView />);
    await screen.findByTestId('outbox-cannot-open');
    expect(screen.getByTestId('outbox').textContent).not.toContain('Nothing waiting');
  });
});
