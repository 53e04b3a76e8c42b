/** The warning before signing out while changes still wait to be sent: they stay here and go after the next sign-in. */
import { ConfirmDialog } from '../../components/Dialog';

/** Shown while mounted; `onSignOut` signs out, `onClose` keeps the session. */
export function SignOutWarning(props: { waiting: number; onClose(): void; onSignOut(): void }) {
  const one = props.waiting === 1;
  return (
    <ConfirmDialog
      isOpen
      onOpenChange={(open) => !open && props.onClose()}
      title={`${one ? '1 change is' : `${props.waiting} changes are`} still waiting to be sent`}
      keepLabel="Stay signed in"
      confirmLabel={`Sign out — ${one ? 'it' : 'they'} will be sent after the next sign-in as this account`}
      tone="primary"
      onConfirm={props.onSignOut}
      testId="sign-out-warning"
    >
      <p>
        If you sign out now, {one ? 'it stays' : 'they stay'} safely on this computer and {one ? 'is' : 'are'} sent
        after the next sign-in as this account.
      </p>
    </ConfirmDialog>
  );
}
