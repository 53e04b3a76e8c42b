// @vitest-environment jsdom
/**
 * The user is told, in plain words, when saved changes could not be read: on the Outbox screen (how many, that
 * nothing was sent for them, where they are kept) and in the status bar, until they say they have noted it.
 */
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { installRecordingBridge, type BridgeCall } from '../../support/recording-bridge';
import type { OutboxSummary } from '../../../preload/contract';
import type { KeptAsideNotice as Notice } from '../../../renderer/features/outbox/KeptAsideNotice';
import type { StatusBar as Bar } from '../../../renderer/components/StatusBar';
import type { useOutboxStore as OutboxStore } from '../../../renderer/stores/outbox-store';

let calls: BridgeCall[] = [];
let KeptAsideNotice: typeof Notice;
let StatusBar: typeof Bar;
let useOutboxStore: typeof OutboxStore;
const file = '/home/desk/.local/share/frontdesk-browser-host/outbox/kept-aside.jsonl';
const summary = (keptAside: OutboxSummary['keptAside']): OutboxSummary => ({
  queued: 0,
  needsAttention: 0,
  held: [],
  keptAside,
});

beforeAll(async () => {
  // The bridge main would provide: acknowledging answers with a summary without the notice.
  calls = installRecordingBridge({ 'outbox:acknowledge-kept-aside': summary(null) });
  ({ KeptAsideNotice } = await import('../../../renderer/features/outbox/KeptAsideNotice'));
  ({ StatusBar } = await import('../../../renderer/components/StatusBar'));
  ({ useOutboxStore } = await import('../../../renderer/stores/outbox-store'));
});

afterEach(() => {
  cleanup();
  calls.length = 0;
});

describe('kept-aside notice', () => {
  it('says how many, that nothing was sent for them and where they are kept, until noted', async () => {
    useOutboxStore.setState({ summary: summary({ count: 2, file, since: 1 }) });
    render(<KeptAsideNotice />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain(
      '2 queued changes could not be read and were kept aside. Nothing was sent for them.',
    );
    expect(alert.textContent).toContain(file);
    await userEvent.setup().click(screen.getByRole('button', { name: 'I have noted this' }));
    expect(calls.map((c) => c.channel)).toEqual(['outbox:acknowledge-kept-aside']);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('speaks of one change in the singular', () => {
    useOutboxStore.setState({ summary: summary({ count: 1, file, since: 1 }) });
    render(<KeptAsideNotice />);
    expect(screen.getByRole('alert').textContent).toContain(
      '1 queued change could not be read and was kept aside. Nothing was sent for it.',
    );
  });

  it('shows in the status bar too, and leads to the Outbox', async () => {
    useOutboxStore.setState({ summary: summary({ count: 2, file, since: 1 }) });
    render(<StatusBar />);
    const link = screen.getByRole('button', { name: '2 changes could not be read' });
    await userEvent.setup().click(link);
    const { useNavStore } = await import('../../../renderer/stores/nav-store');
    expect(useNavStore.getState().screen).toBe('outbox');
  });
});
