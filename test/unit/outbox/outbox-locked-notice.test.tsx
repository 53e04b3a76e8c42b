// @vitest-environment jsdom
/**
 * The locked outbox's notice in plain words: where the key is the system's password storage (the desktop app), it
 * says to restore that, not a file; one change is said in the singular; starting afresh is asked twice, then sent.
 */
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { installRecordingBridge, type BridgeCall } from '../../support/recording-bridge';
import type { OutboxLockedNotice as Notice } from '../../../renderer/features/outbox/OutboxLockedNotice';

let calls: BridgeCall[] = [];
let OutboxLockedNotice: typeof Notice;
const folder = '/home/desk/.config/Frontdesk/outbox';

beforeAll(async () => {
  calls = installRecordingBridge({
    'outbox:start-afresh': { queued: 0, needsAttention: 0, held: [], keptAside: null, locked: null },
  });
  ({ OutboxLockedNotice } = await import('../../../renderer/features/outbox/OutboxLockedNotice'));
});

afterEach(() => {
  cleanup();
  calls.length = 0;
});

describe('locked outbox notice', () => {
  it('in the desktop app, points to the password storage, never to a file', () => {
    render(<OutboxLockedNotice locked={{ changes: 4, keyFile: null, folder }} />);
    const words = screen.getByRole('alert').textContent ?? '';
    expect(words).toContain('Up to 4 saved changes are waiting');
    expect(words).toContain('this computer’s password storage');
    expect(words).toContain(
      'Ask your administrator to unlock the password storage, or restore the one this computer had',
    );
    expect(words).not.toContain('key file');
    expect(words).not.toContain('Nothing was sent');
    expect(words).toContain(folder);
  });

  it('speaks of one change in the singular', () => {
    render(<OutboxLockedNotice locked={{ changes: 1, keyFile: '/data/vault.key', folder }} />);
    expect(screen.getByRole('alert').textContent).toContain('Up to 1 saved change is waiting');
  });

  it('asks once more before setting the old changes aside, and Cancel asks nothing', async () => {
    render(<OutboxLockedNotice locked={{ changes: 2, keyFile: '/data/vault.key', folder }} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Start a new, empty outbox' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(calls).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Start a new, empty outbox' }));
    await user.click(screen.getByRole('button', { name: 'Yes, set the old changes aside and start empty' }));
    expect(calls.map((c) => c.channel)).toEqual(['outbox:start-afresh']);
  });
});
