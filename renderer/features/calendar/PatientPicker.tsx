/**
 * The patient of a new appointment, looked up as it is typed — a name, a phone in any format or an e-mail — with the
 * same search as Find a patient (the contacts kept here and the service's). Picking one fills their name, phone and
 * e-mail in as the first person and links the appointment to their contact; a new person is still typed by hand.
 */
import { useEffect, type KeyboardEvent } from 'react';
import { ComboBox, Input, Label, ListBox, ListBoxItem, Popover, Text } from 'react-aria-components';
import type { ContactView } from '../../../common/contract';
import { matchesKeys } from '../../lib/actions';
import type { PersonRow } from '../../stores/appointment-drafts';
import { patientPick } from '../shell';
import { useKeptContactsStore } from '../../stores/kept-contacts-store';
import { usePatientPickerStore } from '../../stores/patient-picker-store';
import { useShallow } from 'zustand/react/shallow';
import './patient-picker.css';

const primary = <T extends { primary: boolean }>(items: T[]) => items.find((i) => i.primary) ?? items[0];

/** A contact as a person of the appointment, linked to the contact when the service knows it. */
function personOf(c: ContactView): PersonRow {
  const phone = primary(c.phones);
  return {
    name: c.name,
    phone: phone ? phone.display || phone.number : '',
    email: primary(c.emails)?.address ?? '',
    ...(c.id !== null ? { contactId: c.id } : {}),
  };
}

const blank = (p: PersonRow) => !p.name.trim() && !p.phone.trim() && !p.email.trim();

/**
 * The people with the picked patient first: in place of a first row that is blank or was picked before, else ahead
 * of the people typed by hand.
 */
export function withPatient(people: readonly PersonRow[], patient: PersonRow): PersonRow[] {
  const [first, ...rest] = people;
  if (!first) return [patient];
  return first.contactId !== undefined || blank(first) ? [patient, ...rest] : [patient, ...people];
}

/** The picker field; `onPick` gets the patient as a person row. */
export function PatientPicker({ onPick }: { onPick(person: PersonRow): void }) {
  const { query, results, loading, shownFor, error } = usePatientPickerStore(
    useShallow(({ query, results, loading, shownFor, error }) => ({ query, results, loading, shownFor, error })),
  );
  const { type, clear } = usePatientPickerStore.getState();
  useEffect(() => {
    // A screen that searches names: the page's copy of the kept contacts is asked for (once).
    useKeptContactsStore.getState().want();
    return clear;
  }, [clear]);
  const pick = (key: string | number | null) => {
    const contact = results.find((c) => c.key === key);
    if (!contact) return;
    onPick(personOf(contact));
    clear();
  };
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (!matchesKeys(patientPick, e)) return;
    // Never the form's Save from here; with no match chosen (the list then picks its own), the first one.
    e.preventDefault();
    if (!e.currentTarget.getAttribute('aria-activedescendant') && results[0]) pick(results[0].key);
  };
  const typed = query.trim();
  return (
    <ComboBox
      className="field patient-picker"
      items={results}
      inputValue={query}
      onInputChange={(v) => v !== query && type(v)}
      onSelectionChange={pick}
      selectedKey={null}
      allowsCustomValue
      allowsEmptyCollection
      menuTrigger="input"
    >
      <Label className="field-label">Patient</Label>
      <Input placeholder="Find by name, phone or e-mail" autoFocus onKeyDown={onKey} />
      <Text slot="description" className="muted small">
        {!typed
          ? 'Pick a patient to fill in their details and link their contact, or type a new person below.'
          : loading || shownFor !== query
            ? 'Looking…'
            : error
              ? error.message
              : results.length === 0
                ? `No patients match “${typed}”. Type a new person below.`
                : `${results.length} ${results.length === 1 ? 'patient matches' : 'patients match'}.`}
      </Text>
      <Popover className="menu-popover patient-picker-popover" placement="bottom start">
        <ListBox className="menu" aria-label="Patients found">
          {(c: ContactView) => {
            const phone = primary(c.phones);
            const meta = [phone?.display || phone?.number, primary(c.emails)?.address].filter(Boolean).join(' · ');
            return (
              <ListBoxItem id={c.key} textValue={c.name} className="menu-item patient-picker-item">
                <span className="patient-picker-name">{c.name || '(no name)'}</span>
                <span className="patient-picker-meta">{meta || 'No phone or e-mail'}</span>
              </ListBoxItem>
            );
          }}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}
