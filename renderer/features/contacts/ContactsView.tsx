/** The Contacts screen: find a contact by name, phone or e-mail; add, change or delete one. */
import { ScreenCard } from '../../components/ScreenCard';
import { useEffect } from 'react';
import { useAppStore } from '../../stores/app-store';
import { useAuthStore } from '../../stores/auth-store';
import { useContactDetailsStore } from '../../stores/contact-details-store';
import { useContactsStore } from '../../stores/contacts-store';
import { ContactDetails } from './ContactDetails';
import { ContactEditor } from './ContactEditor';
import { ContactResults } from './ContactResults';
import './contacts.css';

/** The Contacts tab. */
export function ContactsView() {
  const mode = useContactsStore((s) => s.mode);
  const loading = useContactsStore((s) => s.loading);
  const source = useContactsStore((s) => s.list?.source);
  const shownQuery = useContactsStore((s) => s.list?.query);
  const { load, loadBooks, startNew } = useContactsStore.getState();
  // Reload when permissions change (after "Grant access") or the service comes back.
  const scopes = useAuthStore((s) => s.status?.grantedScopes.join(' '));
  const online = useAppStore((s) => s.connectivity?.state === 'online');
  const open = useContactDetailsStore((s) => s.contact);
  useEffect(() => {
    void load();
    void loadBooks();
  }, [load, loadBooks, scopes, online]);
  // Back from Edit: the open contact is read again.
  useEffect(() => {
    if (mode === 'list') useContactDetailsStore.getState().refresh();
  }, [mode]);
  return (
    <ScreenCard
      className="contacts"
      title={mode === 'new' ? 'New contact' : mode === 'edit' ? 'Edit contact' : 'Contacts'}
      testId="contacts"
      loading={loading}
      data={{ 'data-mode': mode, 'data-source': source ?? 'none', 'data-query': shownQuery ?? '' }}
      actions={
        mode === 'list' &&
        !open && (
          <button type="button" className="primary-button" onClick={startNew}>
            New contact
          </button>
        )
      }
    >
      {mode !== 'list' ? <ContactEditor /> : open ? <ContactDetails contact={open} /> : <ContactResults />}
    </ScreenCard>
  );
}
