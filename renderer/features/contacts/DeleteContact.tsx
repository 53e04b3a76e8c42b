/** Delete, with a second step that says what will happen before anything is done. */
import { useState } from 'react';
import { useContactsStore } from '../../stores/contacts-store';

/** The Delete button of the Edit form and its confirmation. */
export function DeleteContact({ name }: { name: string }) {
  const [confirming, setConfirming] = useState(false);
  const saving = useContactsStore((s) => s.saving);
  const remove = useContactsStore((s) => s.remove);
  if (!confirming) {
    return (
      <div className="contact-delete">
        <button type="button" className="link-button link-danger" onClick={() => setConfirming(true)}>
          Delete this contact…
        </button>
      </div>
    );
  }
  return (
    <div className="contact-delete notice notice-error" role="alert" data-testid="delete-confirm">
      <span>
        Delete <strong>{name || 'this contact'}</strong> from the address book?
      </span>
      <div className="button-row">
        <button type="button" className="danger-button" disabled={saving} onClick={() => void remove()}>
          Delete contact
        </button>
        <button type="button" className="secondary-button" onClick={() => setConfirming(false)}>
          Keep contact
        </button>
      </div>
    </div>
  );
}
