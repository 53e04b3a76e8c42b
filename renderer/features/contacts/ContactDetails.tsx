/** One contact: phones, e-mails, address book, appointments and bookings; Book appointment, Edit, Delete. */
import { useEffect, useState } from 'react';
import type { ContactView } from '../../../common/contract';
import { ReadStatus } from '../../components/ReadStatus';
import { CHANGE_WORDS, textsOffReason } from '../../lib/words';
import { useAppStore } from '../../stores/app-store';
import { useAuthStore } from '../../stores/auth-store';
import { TextPatientDialog } from '../messages';
import { useConsentStore } from '../../stores/consent-store';
import { ContactConsent, contactConsent, phonesOf } from './ContactConsent';
import { ConfirmDeleteContact } from './DeleteContact';
import { useContactDetailsStore } from '../../stores/contact-details-store';
import { useContactsStore } from '../../stores/contacts-store';
import { useWaitlistStore } from '../../stores/waitlist-store';
import { ContactHistoryLists } from './ContactHistoryLists';
import './contact-details.css';
import { useShallow } from 'zustand/react/shallow';

const typeWords = (t: string | null) => (t ? t.replace(/[_-]+/g, ' ') : '');

function Facts({ contact: c }: { contact: ContactView }) {
  const books = useContactsStore((s) => s.books);
  const book = books.find((b) => b.id === c.addressBookId);
  return (
    <dl className="facts contact-facts">
      <dt>Phone</dt>
      <dd>
        {c.phones.length === 0 ? (
          <span className="muted">None</span>
        ) : (
          <ul className="plain-list">
            {c.phones.map((p) => (
              <li key={`${p.number}|${p.type ?? ''}`}>
                {p.display || p.number}
                {p.type && <span className="muted"> · {typeWords(p.type)}</span>}
                {p.primary && c.phones.length > 1 && <span className="muted"> · main</span>}
              </li>
            ))}
          </ul>
        )}
      </dd>
      <dt>E-mail</dt>
      <dd>
        {c.emails.length === 0 ? (
          <span className="muted">None</span>
        ) : (
          <ul className="plain-list">
            {c.emails.map((e) => (
              <li key={e.address}>
                {e.address}
                {e.type && <span className="muted"> · {typeWords(e.type)}</span>}
              </li>
            ))}
          </ul>
        )}
      </dd>
      <dt>Address book</dt>
      <dd>{book?.name ?? (c.addressBookId === null ? 'Not saved yet' : 'Not known on this computer')}</dd>
    </dl>
  );
}

/** "Delete …?" naming the person; nothing is sent until "Delete contact". */
function ConfirmDelete(props: { name: string; onClose(): void }) {
  const { deleting, deleteError, remove } = useContactDetailsStore(
    useShallow(({ deleting, deleteError, remove }) => ({ deleting, deleteError, remove })),
  );
  return (
    <ConfirmDeleteContact
      name={props.name}
      isOpen
      onOpenChange={(open) => !open && props.onClose()}
      busy={deleting}
      onDelete={() => void remove()}
      closeOnDelete={false}
      problem={deleteError?.message ?? null}
    />
  );
}

/** The contact details view (shown in the Contacts screen). */
export function ContactDetails({ contact }: { contact: ContactView }) {
  const { history, historyError, loadingHistory, close, book, loadHistory } = useContactDetailsStore(
    useShallow(({ history, historyError, loadingHistory, close, book, loadHistory }) => ({
      history,
      historyError,
      loadingHistory,
      close,
      book,
      loadHistory,
    })),
  );
  const startEdit = useContactsStore((s) => s.startEdit);
  const online = useAppStore((s) => s.connectivity?.state === 'online');
  const [confirming, setConfirming] = useState(false);
  const [texting, setTexting] = useState(false);
  const canText = useAuthStore((s) => Boolean(s.status?.grantedScopes.includes('messaging:send')));
  const phone = contact.phones.find((p) => p.primary) ?? contact.phones[0];
  const textsOff = textsOffReason(
    contactConsent(
      useConsentStore((s) => s.byPhone),
      phonesOf(contact),
    ),
  );
  useEffect(() => {
    if (online && history?.source === 'cache') void loadHistory();
  }, [online, history?.source, loadHistory]);
  const gone = contact.deleted || contact.pending?.change === 'delete';
  return (
    <article className="contact-details" aria-labelledby="contact-details-name" data-testid="contact-details">
      <div className="contact-details-head">
        <button type="button" className="link-button" onClick={close}>
          ← All contacts
        </button>
        <h3 id="contact-details-name" className="contact-details-name">
          {contact.name || '(no name)'}
        </h3>
        {contact.pending && (
          <span className={`badge badge-${CHANGE_WORDS[contact.pending.status].tone}`}>
            {CHANGE_WORDS[contact.pending.status].word}
          </span>
        )}
        {gone && <span className="badge badge-bad">Deleted</span>}
      </div>
      <div className="button-row">
        <button type="button" className="primary-button" disabled={gone} onClick={book}>
          Book appointment
        </button>
        {canText && phone && (
          <button
            type="button"
            className="secondary-button"
            disabled={gone || textsOff !== null}
            aria-describedby={textsOff ? 'contact-texts-off' : undefined}
            onClick={() => setTexting(true)}
          >
            Text patient
          </button>
        )}
        {canText && phone && textsOff && (
          <span id="contact-texts-off" className="muted" data-testid="texts-off">
            {textsOff}
          </span>
        )}
        {phone && (
          <button
            type="button"
            className="secondary-button"
            disabled={gone}
            onClick={() =>
              useWaitlistStore.getState().startAdd({
                name: contact.name,
                phone: phone.display || phone.number,
                ...(contact.id !== null ? { contactId: contact.id } : {}),
              })
            }
          >
            Add to waitlist
          </button>
        )}
        <button type="button" className="secondary-button" disabled={gone} onClick={() => startEdit(contact)}>
          Edit
        </button>
        <button type="button" className="secondary-button" disabled={gone} onClick={() => setConfirming(true)}>
          Delete…
        </button>
      </div>
      <Facts contact={contact} />
      <ContactConsent contact={contact} disabled={gone} />
      <ReadStatus
        data={history}
        loading={loadingHistory}
        error={historyError}
        online={online}
        what="appointments"
        unavailableText="Their appointments could not be read."
        testId="history-status"
        retry={() => void loadHistory()}
      />
      {!history && loadingHistory && <p className="muted">Looking for their appointments…</p>}
      {history && <ContactHistoryLists history={history} />}
      {texting && phone && (
        <TextPatientDialog
          to={{
            name: contact.name,
            phone: phone.normalized || phone.number,
            phoneDisplay: phone.display || phone.number,
            contactId: contact.id ?? undefined,
          }}
          onClose={() => setTexting(false)}
        />
      )}
      {confirming && <ConfirmDelete name={contact.name} onClose={() => setConfirming(false)} />}
    </article>
  );
}
