/** One day of appointments, with previous/next/today and plain-words states. */
import { useEffect } from 'react';
import { format, isToday } from 'date-fns';
import type { AgendaItem } from '../../../preload/contract';
import { ReadStatus } from '../../components/ReadStatus';
import { clockTime } from '../../lib/format';
import { useAppStore } from '../../stores/app-store';
import { useAuthStore } from '../../stores/auth-store';
import { useCalendarStore } from '../../stores/calendar-store';
import { useOutboxStore } from '../../stores/outbox-store';
import { MARK_WORDS, stateInWords, stateTone } from './participant-state';
import { MARK_STATES, type MarkState } from '../../../preload/contract';

/** The calendar screen. */
export function CalendarView() {
  const { day, agenda, loading, error } = useCalendarStore();
  const { load, moveDays, today } = useCalendarStore.getState();
  // Reload when the granted permissions change (after "Grant access").
  const scopes = useAuthStore((s) => s.status?.grantedScopes.join(' '));
  const online = useAppStore((s) => s.connectivity?.state === 'online');
  // Reload when a change made here is queued or settles, so it shows (or stops showing) as waiting.
  const changes = useOutboxStore((s) => `${s.summary.queued}/${s.summary.needsAttention}`);
  useEffect(() => {
    void load();
  }, [load, scopes, online, changes]);
  return (
    <section
      className="card calendar"
      aria-labelledby="calendar-heading"
      data-testid="calendar"
      data-loading={loading ? 'true' : 'false'}
    >
      <div className="calendar-bar">
        <h2 id="calendar-heading">
          {isToday(day) ? `Today, ${format(day, 'EEEE d MMMM')}` : format(day, 'EEEE d MMMM yyyy')}
        </h2>
        <div className="button-row">
          <button
            type="button"
            className="secondary-button"
            onClick={() => void moveDays(-1)}
            aria-label="Previous day"
          >
            ‹
          </button>
          <button type="button" className="secondary-button" onClick={() => void today()} disabled={isToday(day)}>
            Today
          </button>
          <button type="button" className="secondary-button" onClick={() => void moveDays(1)} aria-label="Next day">
            ›
          </button>
        </div>
      </div>
      <ReadStatus
        data={agenda}
        loading={loading}
        error={error}
        online={online}
        what="appointments"
        unavailableText="Offline — this day has not been loaded on this computer yet. Showing only the changes made here."
        testId="stale-notice"
        retry={() => void load()}
      />
      {!agenda && loading && <p className="muted">Loading appointments…</p>}
      {agenda && agenda.items.length === 0 && <p className="muted">No appointments on this day.</p>}
      {agenda && agenda.items.length > 0 && (
        <ol className="agenda" data-testid="agenda">
          {agenda.items.map((item) => (
            <AgendaRow key={item.id} item={item} />
          ))}
        </ol>
      )}
    </section>
  );
}

function AgendaRow({ item }: { item: AgendaItem }) {
  return (
    <li
      className={`agenda-row${item.pending ? ' agenda-pending' : ''}`}
      data-pending={item.pending?.status ?? undefined}
    >
      <span className="agenda-time">
        {clockTime(Date.parse(item.start))}
        {item.end !== item.start && `–${clockTime(Date.parse(item.end))}`}
      </span>
      <span className="agenda-main">
        <span className="agenda-title">
          {item.title}
          {item.pending && (
            <span className={`badge badge-${item.pending.status === 'needs_attention' ? 'bad' : 'neutral'}`}>
              {item.pending.status === 'needs_attention' ? 'Needs attention' : 'Waiting to sync'}
            </span>
          )}
        </span>
        <span className="agenda-meta">{[item.calendarName, item.location].filter(Boolean).join(' · ')}</span>
      </span>
      <span className="agenda-people">
        {item.pendingMark && (
          <span className="badge badge-neutral" data-testid="pending-mark">
            {MARK_WORDS[item.pendingMark] ?? item.pendingMark} — waiting to sync
          </span>
        )}
        {item.people.map((p, i) => (
          <span key={i} className="agenda-person">
            {p.name || p.phone || p.email}{' '}
            {p.state && <span className={`badge badge-${stateTone(p.state)}`}>{stateInWords(p.state)}</span>}
            {p.checkIn && (
              <span className={`badge badge-${p.checkIn === 'noshow' ? 'bad' : 'good'}`}>
                {MARK_WORDS[p.checkIn] ?? p.checkIn}
              </span>
            )}
          </span>
        ))}
      </span>
      {!item.pending && (
        <select
          className="mark-select"
          aria-label={`Mark ${item.title}`}
          value=""
          onChange={(e) => e.target.value && void useCalendarStore.getState().mark(item, e.target.value as MarkState)}
        >
          <option value="">Mark as…</option>
          {MARK_STATES.map((state) => (
            <option key={state} value={state}>
              {MARK_WORDS[state]}
            </option>
          ))}
        </select>
      )}
    </li>
  );
}
