/** One contact in the list: name, main phone and e-mail, and whether a change of it is still on its way. */
import { memo } from 'react';
import type { ContactPending, ContactView } from '../../../common/contract';
import { CHANGE_WORDS } from '../../lib/words';
import { useContactDetailsStore } from '../../stores/contact-details-store';
import { useContactsStore } from '../../stores/contacts-store';

const primary = <T extends { primary: boolean }>(items: T[]) => items.find((i) => i.primary) ?? items[0];

function PendingBadges({ pending }: { pending: ContactPending }) {
  return (
    <>
      {pending.change === 'delete' && <span className="badge badge-bad">Will be deleted</span>}
      {(pending.status === 'needs_attention' || pending.change !== 'delete') && (
        <span className={`badge badge-${CHANGE_WORDS[pending.status].tone}`}>{CHANGE_WORDS[pending.status].word}</span>
      )}
    </>
  );
}

/**
 * A row of the contact list, drawn again only when its contact changed: each answer is a new copy of every contact,
 * so the service's answer after the kept one redraws only the rows it changed.
 */
export const ContactRow = memo(function ContactRow({ contact: c }: { contact: ContactView }) {
  const { startEdit } = useContactsStore.getState();
  const phone = primary(c.phones);
  const email = primary(c.emails);
  const more = c.phones.length + c.emails.length - (phone ? 1 : 0) - (email ? 1 : 0);
  const deleting = c.pending?.change === 'delete';
  return (
    <div
      className={`contact-row${deleting ? ' contact-deleting' : ''}`}
      data-testid="contact-row"
      data-key={c.key}
      data-pending={c.pending?.status ?? ''}
      data-change={c.pending?.change ?? ''}
    >
      <div className="contact-main">
        <span className="contact-name">
          <button
            type="button"
            className="link-button contact-name-text"
            onClick={() => useContactDetailsStore.getState().open(c)}
          >
            {c.name || '(no name)'}
          </button>
          {c.pending && <PendingBadges pending={c.pending} />}
        </span>
        <span className="contact-meta">
          {phone && <span>{phone.display || phone.number}</span>}
          {email && <span>{email.address}</span>}
          {more > 0 && <span>+{more} more</span>}
          {!phone && !email && <span>No phone or e-mail</span>}
        </span>
        {c.pending?.status === 'needs_attention' && c.pending.error && (
          <span className="contact-error">{c.pending.error}</span>
        )}
      </div>
      <button
        type="button"
        className="secondary-button"
        disabled={deleting}
        aria-label={`Edit ${c.name || 'contact'}`}
        onClick={() => startEdit(c)}
      >
        Edit
      </button>
    </div>
  );
}, sameContact);

/** The same contact with the same fields (contacts are plain data: their JSON says all of it). */
function sameContact(a: { contact: ContactView }, b: { contact: ContactView }): boolean {
  return a.contact === b.contact || JSON.stringify(a.contact) === JSON.stringify(b.contact);
}
