/**
 * The changes waiting on this computer cannot be read: the key that unlocks them is gone (the browser host's key file
 * lost, or the system's password storage changed). Said in plain words with what the user can do: put the old key
 * back and restart (every change comes back), or start a new, empty outbox with the old changes set aside.
 */
import { useState } from 'react';
import type { OutboxLocked } from '../../../common/contract';
import { useOutboxStore } from '../../stores/outbox-store';
import './outbox.css';

/** The notice for a locked outbox (where the outbox's notices are shown: the sign-in screen, the Outbox screen). */
export function OutboxLockedNotice({ locked }: { locked: OutboxLocked }) {
  const [confirming, setConfirming] = useState(false);
  const many = locked.changes === 1 ? 'change' : 'changes';
  return (
    <div className="notice notice-error outbox-locked" role="alert" data-testid="outbox-locked">
      <p>
        <strong>Frontdesk cannot read the changes waiting on this computer.</strong> Up to {locked.changes} saved {many}{' '}
        {locked.changes === 1 ? 'is' : 'are'} waiting, but the key that unlocks them is missing
        {locked.keyFile ? (
          <>
            : the key file <code>{locked.keyFile}</code> is gone.
          </>
        ) : (
          <> from this computer’s password storage (after a new user profile, a reinstalled system or a restore).</>
        )}{' '}
        They are kept exactly as they were, and nothing was deleted. Some of them may not have been sent yet.
      </p>
      <p>What you can do:</p>
      <ol>
        <li>
          {locked.keyFile
            ? 'Put the old key file back (your administrator can restore it from a backup), then restart Frontdesk.'
            : 'Ask your administrator to unlock the password storage, or restore the one this computer had, then restart Frontdesk.'}{' '}
          Every waiting change comes back and is sent.
        </li>
        <li>
          If that is not possible, start a new, empty outbox. The old changes are set aside in{' '}
          <code>{locked.folder}</code> for support, and Frontdesk will not send them. Before you enter any of them
          again, check the schedule, contacts and messages: some may have reached the service already.
        </li>
      </ol>
      {locked.keyFile && <p>Until one of these is done, Frontdesk cannot keep your sign-in on this computer.</p>}
      <span className="button-row">
        {confirming ? (
          <>
            <button
              type="button"
              className="danger-button"
              onClick={() => void useOutboxStore.getState().startAfresh()}
            >
              Yes, set the old changes aside and start empty
            </button>
            <button type="button" className="link-button" onClick={() => setConfirming(false)}>
              Cancel
            </button>
          </>
        ) : (
          <button type="button" className="secondary-button" onClick={() => setConfirming(true)}>
            Start a new, empty outbox
          </button>
        )}
      </span>
    </div>
  );
}
