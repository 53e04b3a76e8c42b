/** The phone and e-mail rows of the contact forms: add another, remove one; the first is the main one. */
import { Field } from '../../components/Field';
import type { EmailDraft, PhoneDraft } from '../../stores/contacts-store';
import { phoneTypeWords, type ContactErrors } from './contact-form';

const MAX_ROWS = 10;

function replaced<T>(list: T[], index: number, item: T): T[] {
  return list.map((old, i) => (i === index ? item : old));
}

/** Phone numbers with their type. */
export function PhoneFields({
  phones,
  types,
  errors,
  onChange,
}: {
  phones: PhoneDraft[];
  types: string[];
  errors: ContactErrors;
  onChange(phones: PhoneDraft[]): void;
}) {
  return (
    <fieldset className="contact-rows-field">
      <legend>Phone numbers</legend>
      {phones.map((p, i) => (
        <div className="form-row contact-field-row" key={i}>
          <Field label={i === 0 ? 'Main phone' : `Phone ${i + 1}`} error={errors[`phone:${i}`]}>
            <input
              type="tel"
              autoComplete="off"
              value={p.number}
              onChange={(e) => onChange(replaced(phones, i, { ...p, number: e.target.value }))}
            />
          </Field>
          {types.length > 0 && (
            <Field label={i === 0 ? 'Type' : `Type of phone ${i + 1}`}>
              <select value={p.type} onChange={(e) => onChange(replaced(phones, i, { ...p, type: e.target.value }))}>
                <option value="">Not set</option>
                {types.map((t) => (
                  <option key={t} value={t}>
                    {phoneTypeWords(t)}
                  </option>
                ))}
              </select>
            </Field>
          )}
          {phones.length > 1 && (
            <button
              type="button"
              className="link-button"
              aria-label={`Remove phone ${i + 1}`}
              onClick={() => onChange(phones.filter((_, j) => j !== i))}
            >
              Remove
            </button>
          )}
        </div>
      ))}
      {phones.length < MAX_ROWS && (
        <button type="button" className="link-button" onClick={() => onChange([...phones, { number: '', type: '' }])}>
          Add another phone
        </button>
      )}
    </fieldset>
  );
}

/** E-mail addresses. */
export function EmailFields({
  emails,
  errors,
  onChange,
}: {
  emails: EmailDraft[];
  errors: ContactErrors;
  onChange(emails: EmailDraft[]): void;
}) {
  return (
    <fieldset className="contact-rows-field">
      <legend>E-mail addresses</legend>
      {emails.map((e, i) => (
        <div className="form-row contact-field-row" key={i}>
          <Field label={i === 0 ? 'Main e-mail' : `E-mail ${i + 1}`} error={errors[`email:${i}`]}>
            <input
              type="email"
              autoComplete="off"
              value={e.address}
              onChange={(ev) => onChange(replaced(emails, i, { ...e, address: ev.target.value }))}
            />
          </Field>
          {emails.length > 1 && (
            <button
              type="button"
              className="link-button"
              aria-label={`Remove e-mail ${i + 1}`}
              onClick={() => onChange(emails.filter((_, j) => j !== i))}
            >
              Remove
            </button>
          )}
        </div>
      ))}
      {emails.length < MAX_ROWS && (
        <button type="button" className="link-button" onClick={() => onChange([...emails, { address: '', type: '' }])}>
          Add another e-mail
        </button>
      )}
    </fieldset>
  );
}
