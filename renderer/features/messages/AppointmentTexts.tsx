/**
 * In an appointment's details: its text threads (the last text of each, "Open in Messages") and "Text patient" for
 * each person with a phone number. Shown only with permission to read (threads) and to send (the button).
 */
import { useEffect, useState } from 'react';
import type { AgendaItem, ThreadSummary } from '../../../common/contract';
import { usePracticeZone } from '../../lib/practice-time';
import { textsOffReason } from '../../lib/words';
import { useAuthStore } from '../../stores/auth-store';
import { useConsentStore } from '../../stores/consent-store';
import { openThread } from '../../stores/messages-events';
import { useCalendarStore } from '../../stores/calendar-store';
import { readAppointmentThreads } from '../../stores/schedule-asks';
import { messageTime } from './message-time';
import { TextPatientDialog, type TextRecipient } from './TextPatientDialog';
import { threadName } from './ThreadList';
import './messages.css';

/** The appointment's threads, read when the details open (and again when a text is sent from here). */
function useThreads(eventId: number, canRead: boolean, version: number): ThreadSummary[] {
  const [threads, setThreads] = useState<{ id: number; list: ThreadSummary[] }>({ id: eventId, list: [] });
  useEffect(() => {
    if (!canRead || eventId <= 0) return;
    let live = true;
    void readAppointmentThreads(eventId).then((r) => {
      if (live && r.ok) setThreads({ id: eventId, list: r.value });
    });
    return () => {
      live = false;
    };
  }, [eventId, canRead, version]);
  return threads.id === eventId ? threads.list : [];
}

/** The section in the details panel. */
export function AppointmentTexts({ item }: { item: AgendaItem }) {
  const scopes = useAuthStore((s) => s.status?.grantedScopes ?? []);
  const canRead = scopes.includes('messaging:read');
  const canSend = scopes.includes('messaging:send');
  const zone = usePracticeZone();
  const [to, setTo] = useState<TextRecipient | null>(null);
  const [version, setVersion] = useState(0);
  const threads = useThreads(item.id, canRead, version);
  const textable = item.people.filter((p) => p.phone);
  // A patient who asked not to be texted: their button is off, with the reason beside it.
  const byPhone = useConsentStore((s) => s.byPhone);
  const phonesKey = textable.map((p) => p.phone).join('|');
  useEffect(() => {
    if (canSend && phonesKey) void useConsentStore.getState().ask(phonesKey.split('|'));
  }, [canSend, phonesKey]);
  if (!canRead && !canSend) return null;
  const goTo = (id: number) => {
    useCalendarStore.getState().openDetails(null);
    openThread(id);
  };
  return (
    <section aria-labelledby="appointment-texts-heading" className="appointment-texts" data-testid="appointment-texts">
      <h3 id="appointment-texts-heading" className="panel-section">
        Texts
      </h3>
      {canRead && threads.length === 0 && <p className="muted">No texts about this appointment yet.</p>}
      {threads.length > 0 && (
        <ul className="plain-list">
          {threads.map((t) => (
            <li key={t.id}>
              <button type="button" className="link-button" onClick={() => goTo(t.id)}>
                Open the thread with {threadName(t)}
              </button>
              {t.lastMessage && (
                <span className="muted">
                  {' '}
                  · {t.lastMessage.direction === 'in' ? 'Patient wrote' : 'You sent'} “{t.lastMessage.text}”,{' '}
                  {messageTime(t.lastMessage.at, zone)}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      {canSend && (
        <div className="button-row">
          {textable.map((p, i) => {
            const off = textsOffReason(byPhone[p.phone]);
            return (
              <span key={i} className="text-action">
                <button
                  type="button"
                  className="secondary-button"
                  disabled={off !== null}
                  aria-describedby={off ? `appointment-texts-off-${i}` : undefined}
                  onClick={() =>
                    setTo({ name: p.name, phone: p.phone, contactId: p.contactId, eventId: item.id, start: item.start })
                  }
                >
                  {textable.length === 1 ? 'Text patient' : `Text ${p.name || p.phone}`}
                </button>
                {off && (
                  <>
                    {' '}
                    <span id={`appointment-texts-off-${i}`} className="muted" data-testid="texts-off">
                      {off}
                    </span>
                  </>
                )}
              </span>
            );
          })}
          {textable.length === 0 && <span className="muted">No one on this appointment has a phone number.</span>}
        </div>
      )}
      {to && (
        <TextPatientDialog
          to={to}
          onClose={() => {
            setTo(null);
            setVersion((v) => v + 1);
          }}
        />
      )}
    </section>
  );
}
