/** Every change made here that the service has not confirmed yet: status, the service's words, Retry / Edit / Discard. */
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { OutboxItem } from '../../../common/contract';
import { PermissionNeeded } from '../../components/PermissionNeeded';
import { labelledTime, usePracticeZone, zoneSuffix } from '../../lib/practice-time';
import { CHANGE_WORDS, changeLine } from '../../lib/words';
import { useBookingStore } from '../../stores/booking-store';
import { useNavStore } from '../../stores/nav-store';
import { newestFirst, useOutboxStore } from '../../stores/outbox-store';
import { KeptAsideNotice } from './KeptAsideNotice';
import './outbox.css';

/** The Outbox screen. */
export function OutboxView() {
  const version = useOutboxStore((s) => s.version);
  const map = useOutboxStore((s) => s.items);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `version` is what changes when the Map changes in place
  const items = useMemo(() => newestFirst(map), [map, version]);
  const error = useOutboxStore((s) => s.error);
  const cannotOpen = useOutboxStore((s) => Boolean(s.summary.cannotOpen));
  useEffect(() => {
    void useOutboxStore.getState().load();
  }, []);
  return (
    <section className="card outbox" aria-labelledby="outbox-heading" data-testid="outbox">
      <h2 id="outbox-heading">Outbox</h2>
      <p className="muted">
        Changes made on this computer. Frontdesk sends them by itself as soon as the service answers.
      </p>
      <KeptAsideNotice />
      {error && !cannotOpen && (
        <p className="notice notice-error" role="alert">
          {error.message}
        </p>
      )}
      {items.length === 0 ? (
        // Said only when the list was read: never beside "cannot read the changes waiting".
        !error && !cannotOpen && <p className="muted">Nothing waiting — every change has reached the service.</p>
      ) : (
        <OutboxList items={items} />
      )}
    </section>
  );
}

/** The changes, virtualised: only the rows on screen are in the page, however many are waiting. */
function OutboxList({ items }: { items: OutboxItem[] }) {
  const scroller = useRef<HTMLDivElement>(null);
  // No React Compiler here: the virtualizer re-renders this component itself as rows scroll in and out.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => 76,
    getItemKey: (index) => items[index]?.id ?? index,
    overscan: 6,
  });
  return (
    <div ref={scroller} className="outbox-scroller">
      <ul className="outbox-list" aria-label="Changes" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((row) => (
          <OutboxRow
            key={row.key}
            item={items[row.index]!}
            index={row.index}
            count={items.length}
            start={row.start}
            measure={virtualizer.measureElement}
          />
        ))}
      </ul>
    </div>
  );
}

interface RowPlace {
  index: number;
  count: number;
  start: number;
  measure: (element: Element | null) => void;
}

function OutboxRow({ item, index, count, start, measure }: { item: OutboxItem } & RowPlace) {
  const { retry, discard } = useOutboxStore.getState();
  const [confirming, setConfirming] = useState(false);
  // When it was made and when it is tried next: on the practice's clock, as the appointment's time is.
  const zone = usePracticeZone();
  const editable = item.kind === 'booking.book_now' && (item.status === 'queued' || item.status === 'needs_attention');
  const edit = async () => {
    await useBookingStore.getState().editQueued(item.id);
    useNavStore.getState().go('book');
  };
  return (
    <li
      ref={measure}
      data-index={index}
      aria-setsize={count}
      aria-posinset={index + 1}
      style={{ transform: `translateY(${start}px)` }}
      className={`outbox-row outbox-${item.status}`}
      data-testid="outbox-row"
      data-status={item.status}
      data-kind={item.kind}
    >
      <div className="outbox-main">
        <span className="outbox-summary">
          {changeLine(item, item.zone ?? zone)}
          {item.appointmentAt !== null && zoneSuffix(item.zone, item.appointmentAt)}
        </span>
        <span className="outbox-meta">
          <span className={`badge badge-${CHANGE_WORDS[item.status].tone}`}>{CHANGE_WORDS[item.status].word}</span>
          {item.status === 'queued' && item.attempts > 0 && (
            <span>Next try {labelledTime(item.nextAttemptAt, zone)}</span>
          )}
          {item.timePassed && <span className="outbox-late">The appointment time has passed</span>}
          <span>Made {labelledTime(item.createdAt, zone)}</span>
        </span>
        {item.error && item.status !== 'done' && !item.requiredScope && (
          <span className="outbox-error">{item.error}</span>
        )}
        {item.requiredScope && item.status === 'needs_attention' && (
          <PermissionNeeded message={item.error ?? 'Frontdesk needs more permission.'} scope={item.requiredScope} />
        )}
      </div>
      {item.status !== 'done' && item.status !== 'sending' && (
        <div className="button-row">
          {item.canRetry && (
            <button type="button" className="secondary-button" onClick={() => void retry(item.id)}>
              Retry
            </button>
          )}
          {editable && (
            <button type="button" className="secondary-button" onClick={() => void edit()}>
              {item.status === 'needs_attention' && !item.canRetry ? 'Choose another time' : 'Edit'}
            </button>
          )}
          {confirming ? (
            <>
              <button type="button" className="danger-button" onClick={() => void discard(item.id)}>
                Discard this change
              </button>
              <button type="button" className="link-button" onClick={() => setConfirming(false)}>
                Keep it
              </button>
            </>
          ) : (
            <button type="button" className="link-button" onClick={() => setConfirming(true)}>
              Discard
            </button>
          )}
        </div>
      )}
    </li>
  );
}
