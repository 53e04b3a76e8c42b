/** The Bookings screen: recent bookings with their state, filtered by state and appointment dates, a page at a time. */
import { ColumnHeads } from '../../components/ColumnHeads';
import { ScreenCard } from '../../components/ScreenCard';
import { useEffect } from 'react';
import { BOOKING_KINDS, type BookingKind, type BookingSummary } from '../../../common/contract';
import { Field } from '../../components/Field';
import { ReadStatus } from '../../components/ReadStatus';
import { askForNotifications } from '../../lib/desktop-notify';
import { dayInZone, labelledTime, usePracticeZone, zoneOfItem } from '../../lib/practice-time';
import { BOOKING_WORDS, LINKED_APPOINTMENT_WORDS } from '../../lib/words';
import { useAppStore } from '../../stores/app-store';
import { useBookingStore } from '../../stores/booking-store';
import { useBookingsListStore } from '../../stores/bookings-list-store';
import { useSettlingStore } from '../../stores/settling-store';
import { useNavStore } from '../../stores/nav-store';
import { useOutboxStore } from '../../stores/outbox-store';
import { BookingBadge } from './BookingBadge';
import { useShownState } from './settle';
import './bookings.css';
import { useShallow } from 'zustand/react/shallow';

const STATES: readonly { value: BookingKind | ''; label: string }[] = [
  { value: '', label: 'All' },
  ...BOOKING_KINDS.map((state) => ({ value: state, label: BOOKING_WORDS[state].word })),
];

/** "Tue 1 Dec 2026, 2:15 PM CST", the time and its zone kept on one line when the column is narrow. */
function When({ at, zone }: { at: string; zone: string }) {
  return (
    <>
      {dayInZone(at, zone)}, <span className="booking-time">{labelledTime(at, zone)}</span>
    </>
  );
}

function Row({ b, zone, typeName }: { b: BookingSummary; zone: string; typeName: string }) {
  // A pending booking read here is followed by core until it settles; its row changes with core's word.
  const state = useShownState(b.id, b.state);
  return (
    <tr
      data-testid="booking-row"
      data-state={state}
      data-id={b.id}
      data-event-id={b.eventId ?? undefined}
      data-appointment={b.appointment?.state ?? 'unknown'}
    >
      <td>{b.start ? <When at={b.start} zone={zoneOfItem(b, zone)} /> : 'Not known'}</td>
      <td>
        <span className="booking-person">{b.name || 'No name given'}</span>
        <span className="muted booking-contact">{[b.phone, b.email].filter(Boolean).join(' · ')}</span>
      </td>
      <td>
        {typeName}
        {b.calendarName && <span className="muted"> · {b.calendarName}</span>}
      </td>
      <td>{b.createdAt ? <When at={b.createdAt} zone={zone} /> : ''}</td>
      <td>
        <BookingBadge state={state} />
        {b.appointment && b.appointment.state !== 'standing' && (
          <span className="muted booking-appointment"> {LINKED_APPOINTMENT_WORDS[b.appointment.state]}</span>
        )}
      </td>
    </tr>
  );
}

/** The Bookings tab. */
export function BookingsView() {
  const { filters, list, loading, error, setFilters, load } = useBookingsListStore(
    useShallow(({ filters, list, loading, error, setFilters, load }) => ({
      filters,
      list,
      loading,
      error,
      setFilters,
      load,
    })),
  );
  const pages = useBookingStore((s) => s.pages);
  const online = useAppStore((s) => s.connectivity?.state === 'online');
  const zone = usePracticeZone();
  useEffect(() => {
    void load();
    if (pages.length === 0) void useBookingStore.getState().loadPages();
  }, [load, online, pages.length]);
  // A booking sent from this desk (in any window) while the screen is open is read in, not left for the next visit.
  // (The latest one sent, not how many: the outbox lets old ones go, so a count can stand still.)
  const lastSent = useOutboxStore((s) => {
    let last: { id: string; createdAt: number } | null = null;
    for (const item of s.items.values())
      if (item.kind === 'booking.book_now' && item.status === 'done' && (!last || item.createdAt >= last.createdAt))
        last = item;
    return last?.id ?? null;
  });
  useEffect(() => {
    if (lastSent !== null) void load();
  }, [load, lastSent]);
  const followed = useSettlingStore((s) => s.bookings);
  const pending = list?.items.some((b) => (followed[b.id]?.state ?? b.state) === 'pending') ?? false;
  const typeName = (b: BookingSummary) => {
    const page = pages.find((p) => p.slug === b.page || p.id === b.page);
    const type = page?.types.find((t) => t.key === b.appointmentType);
    return type?.label ?? b.title ?? page?.name ?? 'Appointment';
  };
  return (
    <ScreenCard
      className="bookings-screen"
      title="Bookings"
      testId="bookings"
      loading={loading}
      actions={
        <button
          type="button"
          className="primary-button"
          onClick={() => (askForNotifications(), useNavStore.getState().go('book'))}
        >
          Book appointment
        </button>
      }
    >
      <div className="form-row bookings-filters">
        <Field label="State">
          <select value={filters.state} onChange={(e) => setFilters({ state: e.target.value as BookingKind | '' })}>
            {STATES.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Appointments from">
          <input type="date" value={filters.from} onChange={(e) => setFilters({ from: e.target.value })} />
        </Field>
        <Field label="Appointments to">
          <input type="date" value={filters.to} onChange={(e) => setFilters({ to: e.target.value })} />
        </Field>
      </div>
      <ReadStatus
        data={list}
        loading={loading}
        error={error}
        online={online}
        what="bookings"
        unavailableText="Bookings could not be read."
        testId="bookings-stale"
        retry={() => void load()}
      />
      {pending && (
        <p className="notice notice-info" role="status">
          Some bookings are still waiting for the practice&apos;s calendar system. This list updates by itself.
        </p>
      )}
      {!list && loading && <p className="muted">Reading bookings…</p>}
      {list && list.items.length === 0 && <p className="muted">No bookings match.</p>}
      {list && list.items.length > 0 && (
        <div className="bookings-table-wrap">
          <table className="bookings-table">
            <caption className="visually-hidden">Recent bookings, newest first</caption>
            <ColumnHeads names={['Appointment', 'Person', 'What', 'Made', 'State']} />
            <tbody>
              {list.items.map((b) => (
                <Row key={b.id} b={b} zone={zone} typeName={typeName(b)} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {list && (list.page > 1 || list.more) && (
        <nav className="button-row bookings-pages" aria-label="Pages of bookings">
          <button
            type="button"
            className="secondary-button"
            disabled={list.page <= 1}
            onClick={() => setFilters({ page: list.page - 1 })}
          >
            Previous page
          </button>
          <span aria-live="polite">Page {list.page}</span>
          <button
            type="button"
            className="secondary-button"
            disabled={!list.more}
            onClick={() => setFilters({ page: list.page + 1 })}
          >
            Next page
          </button>
        </nav>
      )}
    </ScreenCard>
  );
}
