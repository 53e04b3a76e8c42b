/** Work queued under another sign-in is never sent under this one: offer to switch back or discard it. */
import { useState } from 'react';
import { useAuthStore } from '../../stores/auth-store';
import { useOutboxStore } from '../../stores/outbox-store';
import './outbox.css';

/** One banner per account with held work. */
export function HeldWorkBanner() {
  const held = useOutboxStore((s) => s.summary.held);
  const signedIn = useAuthStore((s) => s.status?.state === 'signed_in');
  const [confirm, setConfirm] = useState<string | null>(null);
  if (!signedIn || held.length === 0) return null;
  const switchBack = async () => {
    await useAuthStore.getState().signOut();
    await useAuthStore.getState().signIn();
  };
  return (
    <>
      {held.map((h) => (
        <div key={h.account} className="banner banner-warning held" role="alert" data-testid="held-work">
          <span>
            {h.count} change{h.count === 1 ? '' : 's'} made while signed in as {h.label} {h.count === 1 ? 'is' : 'are'}{' '}
            waiting. Frontdesk will not send {h.count === 1 ? 'it' : 'them'} under this sign-in.
          </span>
          <span className="button-row">
            <button type="button" className="secondary-button" onClick={() => void switchBack()}>
              Sign in as {h.label}
            </button>
            {confirm === h.account ? (
              <button
                type="button"
                className="danger-button"
                onClick={() => void useOutboxStore.getState().discardHeld(h.account)}
              >
                Yes, discard {h.count} queued change{h.count === 1 ? '' : 's'}
              </button>
            ) : (
              <button type="button" className="link-button" onClick={() => setConfirm(h.account)}>
                Discard {h.count} queued change{h.count === 1 ? '' : 's'}
              </button>
            )}
          </span>
        </div>
      ))}
    </>
  );
}
