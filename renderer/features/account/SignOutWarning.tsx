/** The warning before signing out while changes still wait to be sent: they stay here and go after the next sign-in. */
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';

/** Shown while mounted; `onSignOut` signs out, `onClose` keeps the session. */
export function SignOutWarning(props: { waiting: number; onClose(): void; onSignOut(): void }) {
  return (
    <ModalOverlay isDismissable className="modal-overlay" isOpen onOpenChange={(open) => !open && props.onClose()}>
      <Modal className="modal">
        <Dialog role="alertdialog" className="modal-dialog" data-testid="sign-out-warning">
          {({ close }) => (
            <>
              <Heading slot="title">
                {props.waiting === 1 ? '1 change is' : `${props.waiting} changes are`} still waiting to be sent
              </Heading>
              <p>
                If you sign out now, {props.waiting === 1 ? 'it stays' : 'they stay'} safely on this computer and{' '}
                {props.waiting === 1 ? 'is' : 'are'} sent after the next sign-in as this account.
              </p>
              <div className="button-row">
                <Button className="secondary-button" onPress={close} autoFocus>
                  Stay signed in
                </Button>
                <Button
                  className="primary-button"
                  onPress={() => {
                    close();
                    props.onSignOut();
                  }}
                >
                  Sign out — {props.waiting === 1 ? 'it' : 'they'} will be sent after the next sign-in as this account
                </Button>
              </div>
            </>
          )}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
