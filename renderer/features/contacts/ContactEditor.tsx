/** The New contact and Edit contact forms; what was typed stays in the store until saved or cancelled. */
import { useState } from 'react';
import { Field } from '../../components/Field';
import { PermissionNeeded } from '../../components/PermissionNeeded';
import { useContactsStore, type ContactForm } from '../../stores/contacts-store';
import { changesOf, toContactInput, validateContact, type ContactErrors } from './contact-form';
import { DeleteContact } from './DeleteContact';
import { EmailFields, PhoneFields } from './ContactListFields';
import { useShallow } from 'zustand/react/shallow';

/** The form of the current mode ('new' or 'edit'). */
export function ContactEditor() {
  const { mode, newDraft, edit, books, saving } = useContactsStore(
    useShallow(({ mode, newDraft, edit, books, saving }) => ({ mode, newDraft, edit, books, saving })),
  );
  const { updateDraft, cancel, saveNew, saveEdit } = useContactsStore.getState();
  const [errors, setErrors] = useState<ContactErrors>({});
  const editing = mode === 'edit' && edit ? edit : null;
  const form = editing ? editing.form : newDraft;
  const bookId = form.addressBookId ?? books.find((b) => b.isDefault)?.id ?? null;
  const onSave = () => {
    const found = validateContact(form);
    const changes = editing ? changesOf(editing.original, form) : null;
    if (editing && !changes && Object.keys(found).length === 0) found.form = 'Nothing has been changed yet.';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    if (editing && changes) void saveEdit(changes);
    else if (!editing)
      void saveNew(
        toContactInput({ ...form, addressBookId: bookId }),
        `${form.firstName.trim()} ${form.lastName.trim()}`.trim(),
      );
  };
  return (
    <form className="form" data-testid="contact-form" onSubmit={(e) => (e.preventDefault(), onSave())} noValidate>
      {editing?.original.pending && (
        <p className="notice notice-info">
          This contact has changes that have not reached the service yet. Your edits will be sent after them.
        </p>
      )}
      {editing?.original.deleted && (
        <p className="notice notice-error">This contact has been deleted on the service.</p>
      )}
      <NameFields form={form} errors={errors} bookId={editing ? null : bookId} />
      <PhoneFields
        phones={form.phones}
        types={books.find((b) => b.id === bookId)?.phoneTypes ?? []}
        errors={errors}
        onChange={(phones) => updateDraft({ phones })}
      />
      <EmailFields emails={form.emails} errors={errors} onChange={(emails) => updateDraft({ emails })} />
      <SaveProblems formProblem={errors.form} />
      <div className="button-row">
        <button type="submit" className="primary-button" disabled={saving || Boolean(editing?.original.deleted)}>
          {saving ? 'Saving…' : editing ? 'Save changes' : 'Add contact'}
        </button>
        <button type="button" className="secondary-button" onClick={cancel}>
          Cancel
        </button>
      </div>
      {editing && !editing.original.deleted && <DeleteContact name={editing.original.name} />}
    </form>
  );
}

/** First and last name, and (for a new contact in an account with several) the address book. */
function NameFields({ form, errors, bookId }: { form: ContactForm; errors: ContactErrors; bookId: number | null }) {
  const books = useContactsStore((s) => s.books);
  const updateDraft = useContactsStore((s) => s.updateDraft);
  return (
    <div className="form-row">
      <Field label="First name" error={errors.name}>
        <input
          type="text"
          autoComplete="off"
          value={form.firstName}
          onChange={(e) => updateDraft({ firstName: e.target.value })}
        />
      </Field>
      <Field label="Last name" error={errors.lastName}>
        <input
          type="text"
          autoComplete="off"
          value={form.lastName}
          onChange={(e) => updateDraft({ lastName: e.target.value })}
        />
      </Field>
      {bookId !== null && books.length > 1 && (
        <Field label="Address book">
          <select value={bookId} onChange={(e) => updateDraft({ addressBookId: Number(e.target.value) })}>
            {books.map((b) => (
              <option key={b.id} value={b.id}>
                {b.name}
              </option>
            ))}
          </select>
        </Field>
      )}
    </div>
  );
}

/** Why the last Save did not go through (permission, the service's words), or that nothing changed. */
function SaveProblems({ formProblem }: { formProblem: string | undefined }) {
  const saveError = useContactsStore((s) => s.saveError);
  const booksError = useContactsStore((s) => s.booksError);
  const scopeError = [saveError, booksError].find((e) => e?.code === 'insufficient_scope');
  return (
    <>
      {scopeError?.requiredScope && <PermissionNeeded message={scopeError.message} scope={scopeError.requiredScope} />}
      {saveError && !scopeError && (
        <p className="notice notice-error" role="alert">
          {saveError.message}
        </p>
      )}
      {formProblem && (
        <p className="notice notice-info" role="status">
          {formProblem}
        </p>
      )}
    </>
  );
}
