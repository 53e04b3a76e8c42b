/**
 * The Waitlist screen: the patients who want a time (kept at the service, so every workstation shows the same list),
 * the times freed here with who fits each in order and "Offer by text", and each offer's progress as it goes: sent,
 * replied, booked.
 */
import { useEffect, useId, useMemo, useState } from 'react';
import type { FreedTime, OfferView, WaitlistEntry } from '../../../common/contract';
import { ScreenCard } from '../../components/ScreenCard';
import { dateTimeLabelled, labelledTime, usePracticeZone } from '../../lib/practice-time';
import { CHANGE_WORDS, OFFER_EXPIRED, OFFER_STEP_WORDS } from '../../lib/words';
import { useWaitlistStore } from '../../stores/waitlist-store';
import { AddToWaitlist } from './AddToWaitlist';
import { DAY_NAMES } from './waitlist-draft';
import './waitlist.css';

/** "Mon–Fri, 8:00–12:00" style summary of an entry's days and times. */
function whenWords(e: WaitlistEntry): string {
  const days = e.days.length === 7 ? 'Any day' : e.days.map((d) => DAY_NAMES[d - 1]?.short ?? '').join(', ');
  return `${days}, ${e.from === '00:00' && e.to >= '23:59' ? 'any time' : `${e.from}–${e.to}`}`;
}

/** The offer's words, with the time in the practice's zone and the provider ("An opening: …"). */
export function offerText(f: FreedTime, zone: string): string {
  return `An opening: ${dateTimeLabelled(f.start, zone)} with ${f.calendarName}. Reply YES to take it.`;
}

/** The text the first YES gets. */
function confirmText(f: FreedTime, zone: string): string {
  return `You are booked: ${dateTimeLabelled(f.start, zone)} with ${f.calendarName}. See you then.`;
}

const TAKEN_TEXT = 'That time has been taken — you are still on the list.';

/** How long an offer stands, in minutes. */
const EXPIRY_CHOICES = [
  { minutes: 30, label: '30 minutes' },
  { minutes: 60, label: '1 hour' },
  { minutes: 120, label: '2 hours' },
  { minutes: 240, label: '4 hours' },
] as const;

/** A freed time, who fits it, and the offer by text. */
function FreedCard({ freed, entries }: { freed: FreedTime; entries: WaitlistEntry[] }) {
  const zone = usePracticeZone();
  const offer = useWaitlistStore((s) => s.offer);
  const fitting = freed.fits.map((k) => entries.find((e) => e.key === k)).filter((e): e is WaitlistEntry => !!e);
  const [chosen, setChosen] = useState<string[]>(() => fitting.slice(0, 3).map((e) => e.key));
  const [text, setText] = useState(() => offerText(freed, zone));
  const [expires, setExpires] = useState(60);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const headingId = useId();
  const textId = useId();
  const expiresId = useId();
  const when = `${dateTimeLabelled(freed.start, zone)}–${labelledTime(freed.end, zone)}`;
  const send = async () => {
    setBusy(true);
    setProblem(null);
    const error = await offer({
      appointmentId: freed.appointmentId,
      entryKeys: fitting.filter((e) => chosen.includes(e.key)).map((e) => e.key),
      text,
      confirmText: confirmText(freed, zone),
      takenText: TAKEN_TEXT,
      expiresInMinutes: expires,
    });
    setBusy(false);
    if (error) setProblem(error.message);
  };
  return (
    <li className="waitlist-freed" aria-labelledby={headingId} data-testid="freed-time">
      <h4 id={headingId}>
        {when} · {freed.calendarName}
        {freed.appointmentType ? ` · ${freed.appointmentType}` : ''}
      </h4>
      {freed.offerKey !== null ? (
        <p className="muted">Offered by text: see its progress under Offers.</p>
      ) : fitting.length === 0 ? (
        <p className="muted">Nobody on the waitlist fits this time.</p>
      ) : (
        <>
          <fieldset className="waitlist-fits">
            <legend>Who fits, first added first</legend>
            {fitting.map((e, i) => (
              <label key={e.key} className="field-check">
                <input
                  type="checkbox"
                  checked={chosen.includes(e.key)}
                  onChange={(ev) =>
                    setChosen(ev.target.checked ? [...chosen, e.key] : chosen.filter((k) => k !== e.key))
                  }
                />
                <span data-testid="fit-name">
                  {i + 1}. {e.name}
                </span>
                <span className="muted">{whenWords(e)}</span>
              </label>
            ))}
          </fieldset>
          <div className="field">
            <label className="field-label" htmlFor={textId}>
              Text to send
            </label>
            <textarea id={textId} rows={2} value={text} onChange={(ev) => setText(ev.target.value)} />
          </div>
          <div className="button-row">
            <div className="field waitlist-expiry">
              <label className="field-label" htmlFor={expiresId}>
                Offer stands for
              </label>
              <select id={expiresId} value={expires} onChange={(ev) => setExpires(Number(ev.target.value))}>
                {EXPIRY_CHOICES.map((c) => (
                  <option key={c.minutes} value={c.minutes}>
                    {c.label}
                  </option>
                ))}
              </select>
            </div>
            <button
              type="button"
              className="primary-button"
              disabled={busy || chosen.length === 0 || text.trim() === ''}
              onClick={() => void send()}
            >
              Offer by text
            </button>
          </div>
          {problem && (
            <p className="notice notice-error" role="alert">
              {problem}
            </p>
          )}
        </>
      )}
    </li>
  );
}

/** An offer and each patient's step. */
function OfferCard({ offer }: { offer: OfferView }) {
  const zone = usePracticeZone();
  const headingId = useId();
  return (
    <li className="waitlist-offer" aria-labelledby={headingId} data-testid="offer" data-key={offer.key}>
      <h4 id={headingId}>
        {dateTimeLabelled(offer.start, zone)} · {offer.calendarName}
        {offer.expired && <span className="badge badge-neutral">{OFFER_EXPIRED}</span>}
      </h4>
      <ul className="plain-list">
        {offer.people.map((p) => (
          <li key={p.entryKey} className="waitlist-offer-person" data-testid="offer-person" data-step={p.step}>
            <span>{p.name}</span>
            <span className={`badge badge-${OFFER_STEP_WORDS[p.step].tone}`}>{OFFER_STEP_WORDS[p.step].word}</span>
          </li>
        ))}
      </ul>
      {!offer.expired && !offer.people.some((p) => p.step === 'booked') && (
        <p className="muted">Open until {labelledTime(offer.expiresAt, zone)}.</p>
      )}
    </li>
  );
}

/** The Waitlist screen. */
export function WaitlistView() {
  const view = useWaitlistStore((s) => s.view);
  const loading = useWaitlistStore((s) => s.loading);
  const error = useWaitlistStore((s) => s.error);
  const remove = useWaitlistStore((s) => s.remove);
  const draft = useWaitlistStore((s) => s.draft);
  const startAdd = useWaitlistStore((s) => s.startAdd);
  const zone = usePracticeZone();
  useEffect(() => {
    useWaitlistStore.getState().open();
    return () => useWaitlistStore.getState().close();
  }, []);
  const entries = useMemo(() => view?.entries ?? [], [view]);
  const freedId = useId();
  const offersId = useId();
  const listId = useId();
  return (
    <ScreenCard
      className="waitlist"
      title="Waitlist"
      testId="waitlist"
      loading={loading}
      data={{ 'data-source': view?.source ?? 'none' }}
      actions={
        <button type="button" className="primary-button" onClick={() => startAdd({})} disabled={draft !== null}>
          Add a patient
        </button>
      }
    >
      {error && (
        <p className="notice notice-error" role="alert">
          {error.message}
        </p>
      )}
      {view?.source === 'cache' && (
        <p className="notice notice-info">
          Frontdesk cannot reach the service: this is the list as of {dateTimeLabelled(view.fetchedAt, zone)}.
        </p>
      )}
      {draft !== null && <AddToWaitlist />}
      {view && view.freed.length > 0 && (
        <section aria-labelledby={freedId} className="waitlist-section">
          <h3 id={freedId}>Freed times</h3>
          <ul className="plain-list">
            {view.freed.map((f) => (
              <FreedCard key={f.appointmentId} freed={f} entries={entries} />
            ))}
          </ul>
        </section>
      )}
      {view && view.offers.length > 0 && (
        <section aria-labelledby={offersId} className="waitlist-section">
          <h3 id={offersId}>Offers</h3>
          <ul className="plain-list">
            {view.offers.map((o) => (
              <OfferCard key={o.key} offer={o} />
            ))}
          </ul>
        </section>
      )}
      <section aria-labelledby={listId} className="waitlist-section">
        <h3 id={listId}>On the list</h3>
        {view && entries.length === 0 && <p className="muted">Nobody is on the waitlist.</p>}
        {entries.length > 0 && (
          <table className="waitlist-table">
            <thead>
              <tr>
                <th scope="col">Patient</th>
                <th scope="col">Provider</th>
                <th scope="col">Type</th>
                <th scope="col">Days and times</th>
                <th scope="col">Added</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {entries.map((e) => (
                <tr key={e.key} data-testid="waitlist-entry" data-key={e.key}>
                  <td>
                    <span className="waitlist-name">{e.name}</span>
                    <span className="muted"> {e.phoneDisplay}</span>
                    {e.pending && <span className="badge badge-wait">{CHANGE_WORDS.queued.word}</span>}
                    {e.note && <div className="muted">{e.note}</div>}
                  </td>
                  <td>{e.providerName || 'Anyone'}</td>
                  <td>{e.appointmentType || 'Any'}</td>
                  <td>{whenWords(e)}</td>
                  <td>{e.addedAt ? dateTimeLabelled(e.addedAt, zone) : ''}</td>
                  <td>
                    <button type="button" className="link-button link-danger" onClick={() => void remove(e.key)}>
                      Remove<span className="visually-hidden"> {e.name} from the waitlist</span>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </ScreenCard>
  );
}
