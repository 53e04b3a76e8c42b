/** The caller's details, the page's own questions, and the text-message consents. */
import type { BookingPageView } from '../../../common/contract';
import { useBookingStore } from '../../stores/booking-store';
import { Field } from '../../components/Field';
import type { FormErrors } from './booking-validation';

/** Inputs for name, phone, e-mail, custom fields and consents. */
export function CallerFields({ page, errors }: { page: BookingPageView; errors: FormErrors }) {
  const form = useBookingStore((s) => s.form);
  const update = useBookingStore((s) => s.update);
  const prefilled = useBookingStore((s) => s.prefilled);
  const known = useBookingStore((s) => s.known);
  /** Filled in from their last booking and not changed since. */
  const fromBefore = (key: string) => key in prefilled && form.fieldData[key] === prefilled[key];
  const setField = (key: string, value: string | boolean) => update({ fieldData: { ...form.fieldData, [key]: value } });
  return (
    <>
      <div className="form-row">
        <Field label={`Name${page.requires.name ? '' : ' (optional)'}`} error={errors.name}>
          <input type="text" autoComplete="off" value={form.name} onChange={(e) => update({ name: e.target.value })} />
        </Field>
        <Field label={`Phone${page.requires.phone ? '' : ' (optional)'}`} error={errors.phone}>
          <input type="tel" autoComplete="off" value={form.phone} onChange={(e) => update({ phone: e.target.value })} />
        </Field>
        <Field label={`E-mail${page.requires.email ? '' : ' (optional)'}`} error={errors.email}>
          <input
            type="email"
            autoComplete="off"
            value={form.email}
            onChange={(e) => update({ email: e.target.value })}
          />
        </Field>
      </div>
      {page.fields.length > 0 && known && (
        <KnownNote page={page} filled={page.fields.filter((f) => fromBefore(f.key))} />
      )}
      {page.fields.length > 0 && (
        <div className="form-row">
          {page.fields.map((f) => {
            const value = form.fieldData[f.key];
            const label = `${f.label}${f.required ? '' : ' (optional)'}`;
            const error = errors[`field:${f.key}`];
            if (f.type === 'checkbox') {
              return (
                <label key={f.key} className="field field-check">
                  <input type="checkbox" checked={value === true} onChange={(e) => setField(f.key, e.target.checked)} />{' '}
                  {label}
                  {error && <span className="field-error">{error}</span>}
                </label>
              );
            }
            return (
              <Field key={f.key} label={label} error={error}>
                {f.type === 'dropdown' ? (
                  <select
                    value={typeof value === 'string' ? value : ''}
                    onChange={(e) => setField(f.key, e.target.value)}
                  >
                    <option value="">Choose…</option>
                    {f.options.map((o) => (
                      <option key={o} value={o}>
                        {o}
                      </option>
                    ))}
                  </select>
                ) : f.type === 'text' ? (
                  <textarea
                    rows={2}
                    value={typeof value === 'string' ? value : ''}
                    onChange={(e) => setField(f.key, e.target.value)}
                  />
                ) : (
                  <input
                    type="text"
                    inputMode={f.type === 'number' ? 'numeric' : 'text'}
                    value={typeof value === 'string' ? value : ''}
                    onChange={(e) => setField(f.key, e.target.value)}
                  />
                )}
              </Field>
            );
          })}
        </div>
      )}
      {page.consent.textMessaging && (
        <Consent
          label="May we text them about this appointment?"
          value={form.textMessaging}
          error={errors.textMessaging}
          onChange={(v) => update({ textMessaging: v })}
        />
      )}
      {page.consent.marketing && (
        <Consent
          label="May we send them marketing text messages?"
          value={form.marketing}
          error={errors.marketing}
          onChange={(v) => update({ marketing: v })}
        />
      )}
    </>
  );
}

/** Which of the page's questions were filled in from the caller's last booking, and which are still to ask. */
function KnownNote({ page, filled }: { page: BookingPageView; filled: BookingPageView['fields'] }) {
  /** The questions by their labels, as a sentence's end (a label may end in its own question mark). */
  const names = (fields: BookingPageView['fields']) => {
    const list = fields.map((f) => f.label).join(', ');
    return /[.?!]$/.test(list) ? list : `${list}.`;
  };
  const toAsk = page.fields.filter((f) => !filled.includes(f));
  return (
    <p className="notice" role="status" data-testid="known-answers">
      {filled.length > 0
        ? `Filled in from their last booking: ${names(filled)} Check them with the caller.`
        : 'No answers from an earlier booking for these questions.'}
      {filled.length > 0 && toAsk.length > 0 && ` Still to ask: ${names(toAsk)}`}
    </p>
  );
}

function Consent({
  label,
  value,
  error,
  onChange,
}: {
  label: string;
  value: boolean | null;
  error?: string | undefined;
  onChange(v: boolean): void;
}) {
  return (
    <fieldset className="consent">
      <legend>{label}</legend>
      <label>
        <input type="radio" checked={value === true} onChange={() => onChange(true)} /> Yes
      </label>
      <label>
        <input type="radio" checked={value === false} onChange={() => onChange(false)} /> No
      </label>
      {error && <span className="field-error">{error}</span>}
    </fieldset>
  );
}
