/** A contact's appointments (upcoming, past) and bookings, each a short list that opens the appointment. */
import type { AgendaItem, BookingSummary, ContactHistory } from '../../../common/contract';
import { dateTimeLabelled, dayKey, usePracticeZone, zoneOfItem } from '../../lib/practice-time';
import { useCalendarStore } from '../../stores/calendar-store';
import { useNavStore } from '../../stores/nav-store';
import { confirmationWords } from '../../lib/words';
import { BookingBadge } from '../bookings';
import { SeriesMark, seriesAmong } from '../calendar';

const PAST_SHOWN = 10;

/** Opens the schedule on the appointment's day with its details. */
function openAppointment(item: AgendaItem, zone: string): void {
  const calendar = useCalendarStore.getState();
  calendar.setView('day');
  calendar.goTo(dayKey(Date.parse(item.start), zone));
  calendar.openDetails(item.id);
  useNavStore.getState().go('calendar');
}

function Appointments(props: { title: string; items: AgendaItem[]; empty: string; zone: string; limit?: number }) {
  const shown = props.limit ? props.items.slice(0, props.limit) : props.items;
  const id = `history-${props.title.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <section className="history-section" aria-labelledby={id}>
      <h3 id={id}>
        {props.title} <span className="muted">({props.items.length})</span>
      </h3>
      {props.items.length === 0 ? (
        <p className="muted">{props.empty}</p>
      ) : (
        <ul className="history-list">
          {shown.map((item) => {
            const state = item.people.map((p) => confirmationWords(p.state)).find(Boolean);
            return (
              <li key={item.id} data-id={item.id}>
                <button type="button" className="history-item" onClick={() => openAppointment(item, props.zone)}>
                  <span className="history-when">{dateTimeLabelled(item.start, zoneOfItem(item, props.zone))}</span>
                  <span className="history-what">
                    {item.title}
                    {item.calendarName ? ` · ${item.calendarName}` : ''} <SeriesMark item={item} />
                  </span>
                  {state && (
                    <span className="muted" data-testid="person-state">
                      {state}
                    </span>
                  )}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {shown.length < props.items.length && (
        <p className="muted">
          Showing the latest {shown.length} of {props.items.length}.
        </p>
      )}
    </section>
  );
}

function Bookings({ items, zone }: { items: BookingSummary[]; zone: string }) {
  return (
    <section className="history-section" aria-labelledby="history-bookings">
      <h3 id="history-bookings">
        Bookings <span className="muted">({items.length})</span>
      </h3>
      {items.length === 0 ? (
        <p className="muted">No bookings through the booking pages.</p>
      ) : (
        <ul className="history-list">
          {items.map((b) => (
            <li key={b.id} className="history-booking" data-id={b.id} data-event-id={b.eventId ?? undefined}>
              <span className="history-when">
                {b.start ? dateTimeLabelled(b.start, zoneOfItem(b, zone)) : 'Time not known'}
              </span>
              <span className="history-what">{b.title ?? 'Booked appointment'}</span>
              <BookingBadge state={b.state} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A contact's series: "Physio - Rowan Repeat, every week: 6 visits ahead, the next Tue 8 Dec 2026, 5:00 PM". */
function ContactSeries(props: { upcoming: readonly AgendaItem[]; zone: string }) {
  const lines = seriesAmong(props.upcoming);
  if (lines.length === 0) return null;
  return (
    <section className="history-section" aria-labelledby="history-series" data-testid="contact-series">
      <h3 id="history-series">
        Series <span className="muted">({lines.length})</span>
      </h3>
      <ul className="history-list">
        {lines.map((line) => (
          <li key={line.id} data-testid="contact-series-line">
            <span className="history-what">
              {line.title}, {line.words}
            </span>{' '}
            <span className="muted">
              {line.ahead.length} {line.ahead.length === 1 ? 'visit' : 'visits'} ahead, the next{' '}
              {dateTimeLabelled(line.ahead[0]!.start, zoneOfItem(line.ahead[0]!, props.zone))}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The series, then the three lists. */
export function ContactHistoryLists({ history }: { history: ContactHistory }) {
  const zone = usePracticeZone();
  return (
    <div className="history" data-testid="contact-history">
      <ContactSeries upcoming={history.upcoming} zone={zone} />
      <Appointments title="Upcoming appointments" items={history.upcoming} empty="Nothing booked ahead." zone={zone} />
      <Appointments
        title="Past appointments"
        items={history.past}
        empty="No earlier appointments."
        zone={zone}
        limit={PAST_SHOWN}
      />
      <Bookings items={history.bookings} zone={zone} />
    </div>
  );
}
