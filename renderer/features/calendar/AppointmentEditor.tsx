/**
 * New / Edit appointment dialog: title, calendar, day and times (in the practice's zone), location, notes and the
 * people. Checked before anything is queued; what was typed is kept if the dialog is closed without saving.
 */
import { useRef, useState, type FormEvent } from 'react';
import { AppDialog } from '../../components/Dialog';
import { seriesOf, type AgendaItem, type AppointmentInput, type CalendarInfo } from '../../../common/contract';
import { Field } from '../../components/Field';
import { dayKey, wallTimeToInstant } from '../../lib/practice-time';
import { useCalendarStore, type EditorState } from '../../stores/calendar-store';
import { blankForm, changesOf, formOf, toInput, validate, withStart, type FormErrors } from './appointment-form';
import type { AppointmentForm } from '../../stores/appointment-drafts';
import { createAppointment, editAppointment, moveToCalendar, sameAppointmentOn } from './schedule-sync';
import { PatientPicker, withPatient } from './PatientPicker';
import { checkDates, isChecked, keptVisits, noRepeat, RepeatSection, ruleOf } from './RepeatSection';
import { SeriesScopeChoice } from './SeriesParts';
import { changeSeries, createSeries, seriesEditOf, type SeriesScope } from './series-sync';

const draftKey = (editor: NonNullable<EditorState>) => (editor.mode === 'new' ? 'new' : `id:${editor.item.id}`);

function initialForm(editor: NonNullable<EditorState>, zone: string, calendars: CalendarInfo[]): AppointmentForm {
  const kept = useCalendarStore.getState().drafts.get(draftKey(editor));
  if (kept) return kept;
  if (editor.mode === 'edit') return formOf(editor.item, zone);
  const p = editor.prefill;
  const start = p.start ?? defaultStart(zone);
  return blankForm(zone, start, p.calendarId ?? calendars[0]?.id ?? null, p.participant);
}

/** The next quarter hour when the shown day is today, else 9:00 on the shown day. */
function defaultStart(zone: string): number {
  const anchor = useCalendarStore.getState().anchor;
  const soon = Math.ceil(Date.now() / 900_000) * 900_000;
  return anchor === dayKey(soon, zone) ? soon : (wallTimeToInstant(anchor, '09:00', zone) ?? soon);
}

/** The dialog (renders nothing when the editor is closed). */
export function AppointmentEditor({ zone }: { zone: string }) {
  const editor = useCalendarStore((s) => s.editor);
  if (!editor) return null;
  return <EditorDialog key={draftKey(editor)} editor={editor} zone={zone} />;
}

function EditorDialog({ editor, zone }: { editor: NonNullable<EditorState>; zone: string }) {
  const calendars = useCalendarStore((s) => s.calendars);
  const [form, setForm] = useState(() => initialForm(editor, zone, calendars));
  const [errors, setErrors] = useState<FormErrors>({});
  const [tried, setTried] = useState(false);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [repeat, setRepeat] = useState(() => noRepeat(form.day));
  const [scope, setScope] = useState<SeriesScope>('this');
  const formRef = useRef<HTMLFormElement>(null);
  const key = draftKey(editor);
  const update = (patch: Partial<AppointmentForm>) => {
    const next = { ...form, ...patch };
    setForm(next);
    useCalendarStore.getState().drafts.set(key, next);
    if (tried) setErrors(validate(next, zone));
  };
  const setPerson = (i: number, patch: Partial<AppointmentForm['people'][number]>) =>
    update({ people: form.people.map((p, j) => (j === i ? { ...p, ...patch } : p)) });
  const close = () => useCalendarStore.getState().closeEditor();
  const editing: AgendaItem | null = editor.mode === 'edit' ? editor.item : null;
  const movesCalendar = editing !== null && form.calendarId !== '' && form.calendarId !== String(editing.calendarId);
  const inSeries = editing !== null && seriesOf(editing) !== null;
  // The form as an appointment while it has no problems (the Repeat part checks its dates from it).
  const asInput: AppointmentInput | null = Object.keys(validate(form, zone)).length > 0 ? null : toInput(form, zone);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    const found = validate(form, zone);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setSaving(true);
    let problem: string | null;
    const rule = ruleOf(repeat);
    if (!editing && repeat.on) {
      // A series: the dates are checked first (and shown), then saved as the desk kept, skipped or moved them.
      const input = toInput(form, zone);
      if (typeof rule === 'string') problem = rule;
      else if (!isChecked(repeat, input)) {
        const checked = await checkDates({ ...repeat, busy: false }, input, zone);
        setRepeat(checked);
        setSaving(false);
        return;
      } else {
        const visits = keptVisits(repeat, zone);
        problem = visits.length === 0 ? 'Keep at least one visit.' : await createSeries(input, rule, visits);
      }
    } else if (editing && inSeries && scope !== 'this') {
      const changes = changesOf(editing, form, zone);
      problem = movesCalendar
        ? 'Move the visits to another calendar one at a time.'
        : changes
          ? await changeSeries(editing, scope, seriesEditOf(editing, changes))
          : null;
    } else if (editing && movesCalendar) {
      // Another provider: made there with what the form says (and the custom data), the old one cancelled.
      const input = toInput(form, zone);
      const same = sameAppointmentOn(editing, input.calendarId, input.start, input.end);
      problem = await moveToCalendar(editing, { ...input, customData: same.customData ?? {} });
    } else if (editing) {
      const changes = changesOf(editing, form, zone);
      problem = changes ? await editAppointment(editing, changes) : null;
    } else {
      problem = await createAppointment(toInput(form, zone));
    }
    setSaving(false);
    if (problem) return setFailure(problem);
    useCalendarStore.getState().drafts.delete(key);
    close();
    // Back to the schedule, where the change shows waiting and its Undo can be reached (a dialog left open would
    // hold the toast behind it).
    if (editing) useCalendarStore.getState().openDetails(null);
  };

  return (
    <AppDialog
      isOpen
      isDismissable={false}
      onOpenChange={(open) => !open && close()}
      title={editing ? `Edit ${editing.title}` : 'New appointment'}
      size="wide"
      testId="appointment-editor"
    >
      <form ref={formRef} onSubmit={(e) => void submit(e)} noValidate className="appointment-form">
        {failure && (
          <p className="notice notice-error" role="alert">
            {failure}
          </p>
        )}
        {!editing && <PatientPicker onPick={(patient) => update({ people: withPatient(form.people, patient) })} />}
        <Field label="Title" error={errors.title}>
          <input value={form.title} onChange={(e) => update({ title: e.target.value })} autoFocus={Boolean(editing)} />
        </Field>
        <Field label="Calendar" error={errors.calendarId}>
          <select value={form.calendarId} onChange={(e) => update({ calendarId: e.target.value })}>
            <option value="">Choose a calendar</option>
            {calendars.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </Field>
        {movesCalendar && (
          <p className="notice notice-info small" data-testid="moves-calendar">
            The service cannot move an appointment to another calendar: saving makes a new appointment there with the
            same people and notes, and cancels this one. The patient’s confirmation starts over.
          </p>
        )}
        <div className="form-row">
          <Field label="Day" error={errors.day}>
            <input type="date" value={form.day} onChange={(e) => update({ day: e.target.value })} />
          </Field>
          <Field label="Starts" error={errors.startTime}>
            <input
              type="time"
              step={300}
              value={form.startTime}
              onChange={(e) => update(withStart(form, e.target.value, zone))}
            />
          </Field>
          <Field label="Ends" error={errors.endTime}>
            <input type="time" step={300} value={form.endTime} onChange={(e) => update({ endTime: e.target.value })} />
          </Field>
        </div>
        <Field label="Location" error={errors.location}>
          <input value={form.location} onChange={(e) => update({ location: e.target.value })} />
        </Field>
        <Field label="Notes" error={errors.notes}>
          <textarea rows={3} value={form.notes} onChange={(e) => update({ notes: e.target.value })} />
        </Field>
        <fieldset className="people-fields">
          <legend>People</legend>
          {form.people.length === 0 && <p className="muted small">No one yet.</p>}
          {form.people.map((p, i) => (
            <div key={i} className="person-row" role="group" aria-label={`Person ${i + 1}`}>
              <Field label={`Name (person ${i + 1})`} error={errors[`people.${i}.name`]}>
                <input value={p.name} onChange={(e) => setPerson(i, { name: e.target.value })} />
              </Field>
              <Field label={`Phone (person ${i + 1})`} error={errors[`people.${i}.phone`]}>
                <input type="tel" value={p.phone} onChange={(e) => setPerson(i, { phone: e.target.value })} />
              </Field>
              <Field label={`E-mail (person ${i + 1})`} error={errors[`people.${i}.email`]}>
                <input type="email" value={p.email} onChange={(e) => setPerson(i, { email: e.target.value })} />
              </Field>
              {p.contactId !== undefined && <p className="muted small">Linked to their contact.</p>}
              <button
                type="button"
                className="link-button"
                onClick={() => update({ people: form.people.filter((_, j) => j !== i) })}
              >
                Remove person {i + 1}
              </button>
            </div>
          ))}
          <button
            type="button"
            className="secondary-button"
            onClick={() => update({ people: [...form.people, { name: '', phone: '', email: '' }] })}
          >
            Add person
          </button>
        </fieldset>
        {!editing && <RepeatSection zone={zone} state={repeat} onChange={setRepeat} input={asInput} />}
        {inSeries && <SeriesScopeChoice value={scope} onChange={setScope} verb="Change" />}
        <div className="button-row form-actions">
          <button type="button" className="secondary-button" onClick={close}>
            Close
          </button>
          <button type="submit" className="primary-button" disabled={saving}>
            {editing
              ? 'Save changes'
              : !repeat.on
                ? 'Add appointment'
                : asInput && isChecked(repeat, asInput)
                  ? 'Add the series'
                  : 'Check the dates'}
          </button>
        </div>
      </form>
    </AppDialog>
  );
}
