/** Delete, with a confirmation that says what will happen before anything is done. */
import { useState } from 'react';
import { ConfirmDialog } from '../../components/Dialog';
import { useContactsStore } from '../../stores/contacts-store';

/**
 * "Delete …?" naming the person, from the Edit form and from the details alike; nothing is sent until
 * "Delete contact".
 */
export function ConfirmDeleteContact(props: {
  name: string;
  isOpen: boolean;
  onOpenChange(open: boolean): void;
  busy: boolean;
  onDelete(): void;
  /** Close as "Delete contact" is pressed; else the caller closes it when the delete is done. */
  closeOnDelete: boolean;
  problem?: string | null;
}) {
  return (
    <ConfirmDialog
      isOpen={props.isOpen}
      onOpenChange={props.onOpenChange}
      title={`Delete ${props.name || 'this contact'}?`}
      keepLabel="Keep contact"
      confirmLabel="Delete contact"
      tone="danger"
      onConfirm={props.onDelete}
      closeOnConfirm={props.closeOnDelete}
      confirmDisabled={props.busy}
      testId="delete-confirm"
    >
      <p>
        {props.name || 'This contact'} is removed from the address book. Their past appointments stay on the schedule.
      </p>
      {props.problem && (
        <p className="notice notice-error" role="alert">
          {props.problem}
        </p>
      )}
    </ConfirmDialog>
  );
}

/** The Delete button of the Edit form and its confirmation (the form shows how the delete went). */
export function DeleteContact({ name }: { name: string }) {
  const [confirming, setConfirming] = useState(false);
  const saving = useContactsStore((s) => s.saving);
  const remove = useContactsStore((s) => s.remove);
  return (
    <div className="contact-delete">
      <button type="button" className="link-button link-danger" onClick={() => setConfirming(true)}>
        Delete this contact…
      </button>
      <ConfirmDeleteContact
        name={name}
        isOpen={confirming}
        onOpenChange={setConfirming}
        busy={saving}
        onDelete={() => void remove()}
        closeOnDelete
      />
    </div>
  );
}
