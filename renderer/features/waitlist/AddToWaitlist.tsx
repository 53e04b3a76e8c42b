/**
 * "Add to waitlist": the patient (filled in when opened from a contact, an appointment or Find a patient), the
 * provider or anyone, the appointment type, and the days and times that suit them. Checked with the contract's own
 * schema; queued through the outbox, so it works offline.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { waitlistInput } from '../../../common/contract';
import { Field } from '../../components/Field';
import { useCalendarStore } from '../../stores/calendar-store';
import { useWaitlistStore } from '../../stores/waitlist-store';
import { DAY_NAMES } from './waitlist-draft';

type Problems = Partial<Record<'name' | 'phone' | 'days' | 'to' | 'form', string>>;

/** The add form, shown at the top of the Waitlist screen. */
export function AddToWaitlist() {
  const draft = useWaitlistStore((s) => s.draft) ?? {};
  const add = useWaitlistStore((s) => s.add);
  const cancel = useWaitlistStore((s) => s.cancelAdd);
  const calendars = useCalendarStore((s) => s.calendars);
  const [name, setName] = useState(draft.name ?? '');
  const [phone, setPhone] = useState(draft.phone ?? '');
  const [calendarId, setCalendarId] = useState<number | ''>(draft.calendarId ?? '');
  const [type, setType] = useState(draft.appointmentType ?? '');
  const [days, setDays] = useState<number[]>([1, 2, 3, 4, 5]);
  const [from, setFrom] = useState('08:00');
  const [to, setTo] = useState('17:00');
  const [note, setNote] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const [busy, setBusy] = useState(false);
  const headingId = useId();
  useEffect(() => {
    if (useCalendarStore.getState().calendars.length === 0) void useCalendarStore.getState().loadCalendars();
  }, []);
  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    const input = {
      name,
      phone,
      ...(draft.contactId !== undefined ? { contactId: draft.contactId } : {}),
      ...(calendarId !== '' ? { calendarId } : {}),
      appointmentType: type,
      days,
      from,
      to,
      note,
    };
    const parsed = waitlistInput.safeParse(input);
    if (!parsed.success) {
      const found: Problems = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? 'form') as keyof Problems;
        found[key in found ? 'form' : key] ??= issue.message;
      }
      setProblems(found);
      return;
    }
    setBusy(true);
    const error = await add(input);
    setBusy(false);
    if (error) setProblems({ form: error.message });
  };
  return (
    <form className="waitlist-add" aria-labelledby={headingId} onSubmit={(ev) => void submit(ev)} noValidate>
      <h3 id={headingId}>Add to the waitlist</h3>
      <div className="form-row">
        <Field label="Patient’s name" error={problems.name}>
          <input value={name} onChange={(ev) => setName(ev.target.value)} autoComplete="off" />
        </Field>
        <Field label="Mobile phone" error={problems.phone}>
          <input value={phone} onChange={(ev) => setPhone(ev.target.value)} inputMode="tel" autoComplete="off" />
        </Field>
      </div>
      <div className="form-row">
        <Field label="Provider">
          <select value={calendarId} onChange={(ev) => setCalendarId(ev.target.value ? Number(ev.target.value) : '')}>
            <option value="">Anyone</option>
            {calendars.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Appointment type (blank for any)">
          <input value={type} onChange={(ev) => setType(ev.target.value)} autoComplete="off" />
        </Field>
      </div>
      <fieldset className="waitlist-days" aria-describedby={problems.days ? `${headingId}-days` : undefined}>
        <legend>Days that suit them</legend>
        {DAY_NAMES.map((d) => (
          <label key={d.day} className="field-check">
            <input
              type="checkbox"
              checked={days.includes(d.day)}
              onChange={(ev) => setDays(ev.target.checked ? [...days, d.day] : days.filter((x) => x !== d.day))}
              aria-label={d.long}
            />
            {d.short}
          </label>
        ))}
        {problems.days && (
          <span id={`${headingId}-days`} className="field-error">
            {problems.days}
          </span>
        )}
      </fieldset>
      <div className="form-row">
        <Field label="Earliest start">
          <input type="time" value={from} onChange={(ev) => setFrom(ev.target.value)} />
        </Field>
        <Field label="Latest finish" error={problems.to}>
          <input type="time" value={to} onChange={(ev) => setTo(ev.target.value)} />
        </Field>
        <Field label="Note (optional)">
          <input value={note} onChange={(ev) => setNote(ev.target.value)} autoComplete="off" />
        </Field>
      </div>
      {problems.form && (
        <p className="notice notice-error" role="alert">
          {problems.form}
        </p>
      )}
      <div className="button-row">
        <button type="submit" className="primary-button" disabled={busy}>
          Add to waitlist
        </button>
        <button type="button" className="secondary-button" onClick={cancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
