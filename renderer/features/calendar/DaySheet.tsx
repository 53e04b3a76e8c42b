/**
 * The printed day sheet: one day's appointments by provider (calendar), with times, patients, their state (arrived,
 * running late, confirmed, cancelled, …), phones and notes, and nothing of the app around it. It is put straight under <body> (a portal), where the print styles show it alone;
 * on screen it is never shown. Rendered only while printing, so the schedule pays nothing for it otherwise.
 */
import { ColumnHeads } from '../../components/ColumnHeads';
import { createPortal } from 'react-dom';
import type { AgendaItem, CalendarInfo } from '../../../common/contract';
import {
  dayKey,
  differsFromWorkstation,
  timeInZone,
  wallTimeToInstant,
  zoneLabel,
  zoneOfItem,
  zoneSuffix,
} from '../../lib/practice-time';
import { titleOf } from '../../lib/schedule-range';
import {
  CONFIRMATION_WORDS,
  MARK_WORDS,
  appointmentChangeWords,
  appointmentTitle,
  checkInWords,
  confirmationWords,
  waitingMarkWords,
} from '../../lib/words';
import { isRunningLate } from './running-late';
import './day-sheet.css';

export interface DaySheetProps {
  practice: string;
  day: string;
  zone: string;
  calendars: CalendarInfo[];
  /** Calendars the filter hides: their appointments are not printed either. */
  hidden: number[];
  items: AgendaItem[];
}

interface Section {
  key: string;
  name: string;
  items: AgendaItem[];
}

/** The day's live appointments grouped by calendar, in the calendars' order, each group by start time. */
function sectionsOf(p: DaySheetProps): Section[] {
  const today = p.items
    .filter((i) => dayKey(i.start, p.zone) === p.day && i.pending?.change !== 'delete')
    .filter((i) => !p.hidden.includes(i.calendarId ?? -1))
    .sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
  const known = new Set(p.calendars.map((c) => c.id));
  const sections: Section[] = p.calendars
    .filter((c) => !p.hidden.includes(c.id))
    .map((c) => ({ key: String(c.id), name: c.name, items: today.filter((i) => i.calendarId === c.id) }));
  const other = today.filter((i) => !known.has(i.calendarId ?? -1));
  if (other.length > 0) sections.push({ key: 'other', name: 'Not yet in a calendar', items: other });
  return sections.filter((s) => s.items.length > 0);
}

type Person = AgendaItem['people'][number];

/**
 * A person's state on the sheet: a mark waiting to sync, their check-in, running late, else their answer ("Not
 * confirmed yet" before one); a new appointment or change not yet at the service says so. A visit without people (a
 * blocked time) has none.
 */
function sheetState(item: AgendaItem, person: Person): string {
  if (item.pendingMark) return waitingMarkWords(item.pendingMark);
  if (person.checkIn) return checkInWords(person.checkIn);
  if (isRunningLate(item)) return MARK_WORDS.running_late.word;
  const answer = person.state ? confirmationWords(person.state) : CONFIRMATION_WORDS.initial.word;
  const waiting = appointmentChangeWords(item.pending);
  return waiting ? `${answer} · ${waiting}` : answer;
}

function Row({ item, zone }: { item: AgendaItem; zone: string }) {
  const people = item.people.filter((person) => person.name || person.phone);
  return (
    <tr data-testid="day-sheet-row" data-id={item.id}>
      <td>
        {timeInZone(item.start, zoneOfItem(item, zone))} – {timeInZone(item.end, zoneOfItem(item, zone))}
        {zoneOfItem(item, zone) === zone ? '' : zoneSuffix(zoneOfItem(item, zone), item.start)}
      </td>
      <td>{people.length === 0 ? '—' : people.map((person, n) => <div key={n}>{person.name || '(no name)'}</div>)}</td>
      <td data-testid="day-sheet-state">
        {people.length === 0 ? '—' : people.map((person, n) => <div key={n}>{sheetState(item, person)}</div>)}
      </td>
      <td data-testid="day-sheet-phone">
        {people.length === 0 ? '—' : people.map((person, n) => <div key={n}>{person.phone || '—'}</div>)}
      </td>
      <td>{appointmentTitle(item)}</td>
      <td>{item.notes}</td>
    </tr>
  );
}

/** The sheet, under <body>. */
export function DaySheet(props: DaySheetProps) {
  const sections = sectionsOf(props);
  const count = sections.reduce((n, s) => n + s.items.length, 0);
  const sheetAt = wallTimeToInstant(props.day, '12:00', props.zone) ?? undefined;
  return createPortal(
    <article
      className="day-sheet"
      data-testid="day-sheet"
      data-day={props.day}
      data-count={count}
      aria-label="Day sheet"
    >
      <header className="sheet-head">
        <h1>{props.practice || 'Day sheet'}</h1>
        <p>
          {titleOf('day', props.day, props.zone)} · {count === 1 ? '1 appointment' : `${count} appointments`}
          {differsFromWorkstation(props.zone, sheetAt) ? ` · ${zoneLabel(props.zone, sheetAt)}` : ''}
        </p>
      </header>
      {sections.length === 0 && <p>No appointments on this day.</p>}
      {sections.map((s) => (
        <section key={s.key} className="sheet-section" aria-labelledby={`sheet-${s.key}`}>
          <h2 id={`sheet-${s.key}`}>
            {s.name} <span className="sheet-count">({s.items.length})</span>
          </h2>
          <table className="sheet-table">
            <colgroup>
              <col className="sheet-col-time" />
              <col className="sheet-col-patient" />
              <col className="sheet-col-state" />
              <col className="sheet-col-phone" />
              <col className="sheet-col-what" />
              <col />
            </colgroup>
            <ColumnHeads names={['Time', 'Patient', 'State', 'Phone', 'Appointment', 'Notes']} />
            <tbody>
              {s.items.map((item) => (
                <Row key={item.id} item={item} zone={props.zone} />
              ))}
            </tbody>
          </table>
        </section>
      ))}
    </article>,
    document.body,
  );
}
