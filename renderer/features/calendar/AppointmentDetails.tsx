/**
 * The appointment's details, a side panel (dialog) named after it: time, calendar, location, notes, extra fields,
 * each person with phone, e-mail and state in plain words, check-in, recent messages, a link to the contact, and the
 * actions: mark, edit, cancel (with a confirmation naming the patient and time).
 */
import { format } from 'date-fns';
import { createElement, useEffect, useState } from 'react';
import { Button, DialogTrigger, Heading } from 'react-aria-components';
import { RESTORES_KEY, RUNNING_LATE_KEY, seriesOf, type AgendaItem } from '../../../common/contract';
import { AppDialog, ConfirmDialog } from '../../components/Dialog';
import { inZone, labelledTime, timeInZone, zoneOfItem } from '../../lib/practice-time';
import { useBookingStore } from '../../stores/booking-store';
import { useCalendarStore } from '../../stores/calendar-store';
import { useContactDetailsStore } from '../../stores/contact-details-store';
import { useContactsStore } from '../../stores/contacts-store';
import { useNavStore } from '../../stores/nav-store';
import { useWaitlistStore } from '../../stores/waitlist-store';
import { readAppointment } from '../../stores/schedule-asks';
import { dismissBooking } from '../../stores/settling-store';
import { pendingWords } from './AppointmentBlock';
import { MarkMenuButton } from './AppointmentMenu';
import { pendingMarkWords, type MenuAction } from './appointment-actions';
import { appointmentThread } from './appointment-slots';
import { isRunningLate } from './running-late';
import {
  BOOKING_NOTES,
  BOOKING_WORDS,
  CHANGE_WORDS,
  MARK_WORDS,
  NOT_CHECKED_IN,
  appointmentTitle,
  bookingFailureWords,
  checkInWords,
  confirmationWords,
  customFieldWords,
} from '../../lib/words';
import { cancelAppointment, describe } from './schedule-sync';
import { SERIES_KEYS, SeriesFact, SeriesScopeChoice } from './SeriesParts';
import { changeSeries, type SeriesScope } from './series-sync';

/** Frontdesk's own keys in an appointment's custom data: not the practice's fields. */
const FRONTDESK_KEYS: readonly string[] = [RESTORES_KEY, RUNNING_LATE_KEY, ...SERIES_KEYS];

/** Opens this person's contact details (by the contact the service links), else the Contacts screen searching for them. */
function openContact(person: AgendaItem['people'][number]): void {
  const searchFor = () => {
    useContactDetailsStore.getState().close();
    useNavStore.getState().go('contacts');
    useContactsStore.getState().type(person.email || person.phone || person.name);
  };
  useCalendarStore.getState().openDetails(null);
  if (!person.contactId) return searchFor();
  void useContactDetailsStore
    .getState()
    .openById(person.contactId)
    .then((found) => found || searchFor());
}

/** The panel for the selected appointment (renders nothing when none is selected). */
export function AppointmentDetails(props: { zone: string; onAction(item: AgendaItem, action: MenuAction): void }) {
  const selectedId = useCalendarStore((s) => s.selectedId);
  const item = useCalendarStore((s) => s.items.find((i) => i.id === s.selectedId) ?? null);
  // The fresh read (with messages) of the selected appointment, kept with the id it belongs to.
  const [fresh, setFresh] = useState<{ id: number; item: AgendaItem | null; problem: string | null } | null>(null);
  useEffect(() => {
    if (selectedId === null || selectedId < 0) return;
    let live = true;
    void readAppointment(selectedId).then((r) => {
      if (!live) return;
      if (r.ok) setFresh({ id: selectedId, item: r.value, problem: null });
      else setFresh({ id: selectedId, item: null, problem: r.error.code === 'offline' ? null : r.error.message });
    });
    return () => {
      live = false;
    };
  }, [selectedId, item?.updatedAt]);
  const detail = fresh && fresh.id === selectedId ? fresh.item : null;
  const problem = fresh && fresh.id === selectedId ? fresh.problem : null;
  const close = () => useCalendarStore.getState().openDetails(null);
  if (!item) return null;
  // The list's copy is current for what was changed here; the fresh read adds messages.
  const shown: AgendaItem = detail ? { ...detail, ...item, people: mergePeople(item, detail) } : item;
  // Told on its calendar's clock (a satellite office's own), labelled, as on every screen.
  const zone = zoneOfItem(shown, props.zone);
  const start = inZone(shown.start, zone);
  return (
    <AppDialog isOpen onOpenChange={(open) => !open && close()} size="side" testId="appointment-details">
      <header className="panel-head">
        <Heading slot="title" className="panel-title">
          {appointmentTitle(shown)}
        </Heading>
        <Button className="icon-button" aria-label="Close details" onPress={close}>
          ×
        </Button>
      </header>
      {pendingWords(shown) && <p className="notice notice-info">{pendingWords(shown)}</p>}
      <BookingNote item={shown} />
      {problem && <p className="notice notice-error">{problem}</p>}
      <dl className="facts panel-facts">
        <dt>When</dt>
        <dd>
          {format(start, 'EEEE d MMMM yyyy')}, {timeInZone(shown.start, zone)}–{labelledTime(shown.end, zone)}
        </dd>
        <dt>Calendar</dt>
        <dd>{shown.calendarName || 'Not known yet'}</dd>
        <SeriesFact item={shown} />
        {shown.location && (
          <>
            <dt>Location</dt>
            <dd>{shown.location}</dd>
          </>
        )}
        <dt>Check-in</dt>
        <dd data-testid="check-in">{checkInOf(shown)}</dd>
        {shown.notes && (
          <>
            <dt>Notes</dt>
            <dd className="notes">{shown.notes}</dd>
          </>
        )}
        <PracticeFields item={shown} />
      </dl>
      <section aria-labelledby="people-heading">
        <h3 id="people-heading" className="panel-section">
          {shown.people.length === 1 ? 'Patient' : 'People'}
        </h3>
        {shown.people.length === 0 && <p className="muted">No one is booked on this appointment.</p>}
        <ul className="people">
          {shown.people.map((p, i) => (
            <li key={i} className="person">
              <span className="person-name">{p.name || 'Name not given'}</span>
              <span className="person-state" data-testid="person-state" data-state={p.state}>
                {p.state ? confirmationWords(p.state) : CHANGE_WORDS.queued.word}
                {p.checkIn ? ` · ${checkInWords(p.checkIn)}` : ''}
              </span>
              {p.phone && <span>Phone {p.phone}</span>}
              {p.email && <span>E-mail {p.email}</span>}
              {(p.phone || p.email || p.name) && (
                <button type="button" className="link-button" onClick={() => openContact(p)}>
                  Open contact {p.name || p.phone || p.email}
                </button>
              )}
              {p.messages && p.messages.length > 0 && (
                <ol className="person-texts" aria-label={`Recent messages with ${p.name || 'this person'}`}>
                  {p.messages.map((m, j) => (
                    <li key={j} className={`person-text person-text-${m.direction}`}>
                      <span className="person-text-meta">
                        {m.direction === 'in' ? 'Patient wrote' : 'Sent'}
                        {m.at && !Number.isNaN(Date.parse(m.at))
                          ? ` ${format(inZone(m.at, props.zone), 'd MMM')}, ${timeInZone(m.at, props.zone)}`
                          : ''}
                      </span>
                      <span>{m.text}</span>
                    </li>
                  ))}
                </ol>
              )}
            </li>
          ))}
        </ul>
      </section>
      <section className="thread-slot" data-slot="appointment-thread">
        <ThreadSlot item={shown} />
      </section>
      <footer className="panel-actions">
        {shown.booking?.state === 'failed' ? (
          <Button
            className="secondary-button"
            onPress={() => {
              close();
              void dismissBooking(shown.booking!.id);
            }}
          >
            Dismiss
          </Button>
        ) : (
          <AppointmentActions item={shown} onAction={props.onAction} />
        )}
      </footer>
    </AppDialog>
  );
}

/** Mark, Edit and Cancel appointment. */
function AppointmentActions({
  item: shown,
  ...props
}: {
  item: AgendaItem;
  onAction(item: AgendaItem, action: MenuAction): void;
}) {
  return (
    <>
      <MarkMenuButton item={shown} onAction={props.onAction} />
      <Button
        className="secondary-button"
        isDisabled={shown.pending?.change === 'delete'}
        onPress={() => props.onAction(shown, 'edit')}
      >
        Edit
      </Button>
      <CancelButton item={shown} />
      {shown.people[0] && (
        <Button className="secondary-button" onPress={() => addToWaitlist(shown)}>
          Add to waitlist
        </Button>
      )}
    </>
  );
}

/** "Add to waitlist" for the appointment's first person (one who wants a new time), with its provider and type. */
function addToWaitlist(item: AgendaItem): void {
  const person = item.people[0]!;
  useWaitlistStore.getState().startAdd({
    name: person.name,
    phone: person.phone,
    ...(person.contactId ? { contactId: person.contactId } : {}),
    ...(item.calendarId ? { calendarId: item.calendarId } : {}),
    appointmentType: item.title.split(' - ')[0]?.trim() ?? '',
  });
}

/** How the device-backed booking that made it stands: waiting, booked, or not booked and why. */
function BookingNote({ item }: { item: AgendaItem }) {
  const b = item.booking;
  if (!b) return null;
  const look = { booked: 'notice-ok', pending: 'notice-info', failed: 'notice-error' }[b.state];
  return (
    <p className={`notice ${look}`} data-testid="booking-note" data-state={b.state}>
      <strong>{BOOKING_WORDS[b.state].word}</strong>
      {b.state === 'failed' ? ` — ${bookingFailureWords(b.reason)}. ` : '. '}
      {BOOKING_NOTES[b.state]}
    </p>
  );
}

/**
 * The practice's own fields ("New patient: Yes", the booking page and appointment type by their names), without
 * Frontdesk's own keys. The booking pages that name them are read once when a field needs them.
 */
function PracticeFields({ item }: { item: AgendaItem }) {
  const pages = useBookingStore((s) => s.pages);
  const fields = item.customData ?? [];
  const named = fields.some((f) => f.key === 'booking_page' || f.key === 'appointment_type');
  useEffect(() => {
    if (named) void useBookingStore.getState().knowPages();
  }, [named]);
  return customFieldWords(fields, pages, FRONTDESK_KEYS).map((f) => (
    <div key={f.key} className="fact-pair" data-testid="practice-field" data-key={f.key}>
      <dt>{f.label}</dt>
      <dd>{f.value}</dd>
    </div>
  ));
}

/** What the messages feature registered for the appointment's thread, if anything. */
function ThreadSlot({ item }: { item: AgendaItem }) {
  const thread = appointmentThread();
  return thread ? createElement(thread, { item }) : null;
}

function mergePeople(item: AgendaItem, detail: AgendaItem): AgendaItem['people'] {
  return item.people.map((p, i) => {
    const fresh = detail.people[i];
    return fresh && fresh.name === p.name && fresh.messages ? { ...p, messages: fresh.messages } : p;
  });
}

function checkInOf(item: AgendaItem): string {
  const pending = pendingMarkWords(item);
  if (pending) return pending;
  const marks = [...new Set(item.people.map((p) => p.checkIn).filter(Boolean))] as string[];
  if (marks.length > 0) return marks.map(checkInWords).join(', ');
  return isRunningLate(item) ? MARK_WORDS.running_late.word : NOT_CHECKED_IN;
}

/** "Cancel appointment" with a confirmation that names the patient and the time. */
function CancelButton({ item }: { item: AgendaItem }) {
  return (
    <DialogTrigger>
      <Button className="danger-button" isDisabled={item.pending?.change === 'delete'}>
        Cancel appointment
      </Button>
      <CancelConfirm item={item} />
    </DialogTrigger>
  );
}

/** The confirmation dialog (also opened from the grid's menu). */
export function CancelConfirm(props: { item: AgendaItem; isOpen?: boolean; onOpenChange?(open: boolean): void }) {
  const control = props.isOpen === undefined ? {} : { isOpen: props.isOpen, onOpenChange: props.onOpenChange };
  const [scope, setScope] = useState<SeriesScope>('this');
  const inSeries = seriesOf(props.item) !== null;
  const confirm = () => {
    if (scope === 'this') return void cancelAppointment(props.item);
    void changeSeries(props.item, scope, { cancel: true }).then(
      (problem) => problem && useCalendarStore.setState({ notice: problem }),
    );
  };
  return (
    <ConfirmDialog
      {...control}
      title={`Cancel ${describe(props.item)}?`}
      keepLabel="Keep it"
      confirmLabel={scope === 'this' ? 'Cancel appointment' : 'Cancel the visits'}
      tone="danger"
      onConfirm={confirm}
    >
      {inSeries && <SeriesScopeChoice value={scope} onChange={setScope} verb="Cancel" />}
      <p>
        {scope === 'this'
          ? 'The appointment is removed from the schedule. You can undo this for 10 seconds.'
          : 'The visits are removed from the schedule, on every workstation, once the service has the change.'}
      </p>
    </ConfirmDialog>
  );
}
