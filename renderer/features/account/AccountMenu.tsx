/** Header part for a signed-in user: who, for which account, and Sign out (warning first while changes wait to sync). */
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { useState } from 'react';
import { useAuthStore } from '../../stores/auth-store';
import { useOutboxStore } from '../../stores/outbox-store';
import './account.css';

/** "Maria Lopez — acting for Lakeside Dental" and a Sign out button. */
export function AccountMenu() {
  const status = useAuthStore((s) => s.status);
  const signOut = useAuthStore((s) => s.signOut);
  const busy = useAuthStore((s) => s.busy);
  const waiting = useOutboxStore((s) => s.summary.queued + s.summary.needsAttention);
  const [asking, setAsking] = useState(false);
  if (status?.state !== 'signed_in') return null;
  const name = status.user?.name ?? 'Signed in';
  return (
    <div className="account" data-testid="account">
      <span className="account-name" title={status.user?.email}>
        {name}
        {status.actingFor && <span className="account-acting"> — acting for {status.actingFor.name}</span>}
      </span>
      <button
        type="button"
        className="link-button"
        disabled={busy}
        onClick={() => (waiting > 0 ? setAsking(true) : void signOut())}
      >
        Sign out
      </button>
      <ModalOverlay isDismissable className="modal-overlay" isOpen={asking} onOpenChange={setAsking}>
        <Modal className="modal">
          <Dialog role="alertdialog" className="modal-dialog" data-testid="sign-out-warning">
            {({ close }) => (
              <>
                <Heading slot="title">
                  {waiting === 1 ? '1 change is' : `${waiting} changes are`} still waiting to be sent
                </Heading>
                <p>
                  If you sign out now, {waiting === 1 ? 'it stays' : 'they stay'} safely on this computer and{' '}
                  {waiting === 1 ? 'is' : 'are'} sent after the next sign-in as this account.
                </p>
                <div className="button-row">
                  <Button className="secondary-button" onPress={close} autoFocus>
                    Stay signed in
                  </Button>
                  <Button
                    className="primary-button"
                    onPress={() => {
                      close();
                      void signOut();
                    }}
                  >
                    Sign out — {waiting === 1 ? 'it' : 'they'} will be sent after the next sign-in as this account
                  </Button>
                </div>
              </>
            )}
          </Dialog>
        </Modal>
      </ModalOverlay>
    </div>
  );
}
