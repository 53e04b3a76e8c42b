/** The search box and what it found: notices in plain words, then the matches. */
import type { ContactList as Matches } from '../../../common/contract';
import { Field } from '../../components/Field';
import { ReadStatus } from '../../components/ReadStatus';
import { useAppStore } from '../../stores/app-store';
import { useContactsStore } from '../../stores/contacts-store';
import { ContactList } from './ContactList';
import { SavedNotice } from './SavedNotice';
import { useShallow } from 'zustand/react/shallow';

const contactsWord = (n: number) => `${n} contact${n === 1 ? '' : 's'}`;

/** "12 contacts", or why there may be more than are shown. */
function countWords(count: number, list: Matches): string {
  if (list.partial) return `${contactsWord(count)} so far, still looking…`;
  if (!list.more) return contactsWord(count);
  if (list.source === 'service') return `Showing the first ${contactsWord(count)}. Refine your search to find others.`;
  return `${contactsWord(count)} found among the contacts saved on this computer; there may be others.`;
}

/** Search box, notices and the list. */
export function ContactResults() {
  const query = useContactsStore((s) => s.query);
  const list = useContactsStore((s) => s.list);
  const loading = useContactsStore((s) => s.loading);
  const type = useContactsStore((s) => s.type);
  const count = list?.items.length ?? 0;
  return (
    <>
      <div className="form-row contacts-search">
        <Field label="Find a contact">
          <input
            type="search"
            placeholder="Name, phone number or e-mail"
            autoComplete="off"
            spellCheck={false}
            value={query}
            onChange={(e) => type(e.target.value)}
          />
        </Field>
      </div>
      <SavedNotice />
      <ResultNotices />
      {!list && loading && <p className="muted">Looking for contacts…</p>}
      {list && count === 0 && (
        <p className="muted">{list.query ? `No contacts match “${list.query}”.` : 'There are no contacts yet.'}</p>
      )}
      {list && count > 0 && (
        <>
          <p className="muted contacts-count" aria-live="polite">
            {countWords(count, list)}
          </p>
          <ContactList items={list.items} />
        </>
      )}
    </>
  );
}

/** Where the answer came from when not fresh, and why there is none. */
function ResultNotices() {
  const { list, loading, error } = useContactsStore(
    useShallow(({ list, loading, error }) => ({ list, loading, error })),
  );
  const load = useContactsStore((s) => s.load);
  const online = useAppStore((s) => s.connectivity?.state === 'online');
  return (
    <>
      <ReadStatus
        data={list}
        loading={loading}
        error={error}
        online={online}
        what="contacts"
        unavailableText="Offline — Frontdesk has no saved copy of this search. Only contacts added or changed on this computer are shown."
        testId="contacts-stale"
        retry={() => void load()}
      />
    </>
  );
}
