/**
 * "Text everyone in the next hour" (from the schedule), for a delay: every patient with a phone whose appointment
 * starts within the next hour, each with the exact text they will get, shown before anything is sent; people can be
 * left out; then one text each, through the outbox, and what became of each.
 */
import { ColumnHeads } from '../../components/ColumnHeads';
import { useEffect, useMemo, useState } from 'react';
import { Button } from 'react-aria-components';
import { AppDialog } from '../../components/Dialog';
import { DEFAULT_QUICK_TEXTS, isNotComing, type AgendaItem, type OutboxItem } from '../../../common/contract';
import { labelledTime, timeInZone, usePracticeZone } from '../../lib/practice-time';
import { textsOffReason } from '../../lib/words';
import { useConsentStore } from '../../stores/consent-store';
import { useMessagesStore } from '../../stores/messages-store';
import { readRange } from '../../stores/schedule-asks';
import { fillQuickText, firstNameOf, needsMinutes } from './quick-text-fill';
import { useQuickTexts } from './QuickTextMenu';
import { replyProblem } from './ReplyBox';
import { sentWords, useLatestItems } from './use-sent-item';
import './messages.css';

const HOUR_MS = 60 * 60_000;

/** One person to text. */
interface Recipient {
  key: string;
  name: string;
  phone: string;
  contactId: number | null;
  eventId: number;
  start: string;
}

/** Everyone with a phone on an appointment starting in [from, from + 1 h], not cancelled. */
export function recipientsOf(items: AgendaItem[], from: number): Recipient[] {
  return items
    .filter((i) => {
      const at = Date.parse(i.start);
      return at >= from && at <= from + HOUR_MS && i.pending?.change !== 'delete' && i.id > 0;
    })
    .sort((a, b) => Date.parse(a.start) - Date.parse(b.start))
    .flatMap((i) =>
      i.people
        .filter((p) => p.phone && !isNotComing(p.state))
        .map((p, n) => ({
          key: `${i.id}:${n}`,
          name: p.name,
          phone: p.phone,
          contactId: p.contactId ?? null,
          eventId: i.id,
          start: i.start,
        })),
    );
}

/** What was handed over for one recipient: the outbox item, or the reason it was refused at once. */
type Outcome = { key: string; item: OutboxItem | null; problem: string | null };

/** The appointments of the next hour, read fresh when the dialog opens. */
function useNextHour(): { from: number; items: AgendaItem[] | null; problem: string | null } {
  const [state, setState] = useState<{ from: number; items: AgendaItem[] | null; problem: string | null }>(() => ({
    from: Date.now(),
    items: null,
    problem: null,
  }));
  useEffect(() => {
    const begin = new Date(state.from).toISOString();
    const end = new Date(state.from + HOUR_MS).toISOString();
    void readRange(begin, end).then((r) =>
      setState((s) => (r.ok ? { ...s, items: r.value.items } : { ...s, items: [], problem: r.error.message })),
    );
  }, [state.from]);
  return state;
}

/** The dialog. */
export function DelayBroadcast({ onClose }: { onClose(): void }) {
  const zone = usePracticeZone();
  const quick = useQuickTexts();
  const { from, items, problem } = useNextHour();
  const [minutes, setMinutes] = useState('15');
  const [template, setTemplate] = useState(() => quick.find(needsMinutes) ?? (DEFAULT_QUICK_TEXTS[0] as string));
  const [left, setLeft] = useState<Set<string>>(new Set());
  const [outcomes, setOutcomes] = useState<Outcome[] | null>(null);
  const [sending, setSending] = useState(false);
  const [formProblem, setFormProblem] = useState<string | null>(null);
  const people = useMemo(() => recipientsOf(items ?? [], from), [items, from]);
  // A patient who asked not to be texted is shown, unticked, with the reason.
  const byPhone = useConsentStore((s) => s.byPhone);
  const phonesKey = people.map((p) => p.phone).join('|');
  useEffect(() => {
    if (phonesKey) void useConsentStore.getState().ask(phonesKey.split('|'));
  }, [phonesKey]);
  const off = (p: Recipient) => textsOffReason(byPhone[p.phone]);
  const mins = Number(minutes);
  const minutesOk = Number.isInteger(mins) && mins >= 1 && mins <= 240;
  const textFor = (p: Recipient) =>
    fillQuickText(template, {
      firstName: firstNameOf(p.name),
      time: timeInZone(p.start, zone),
      minutes: minutesOk ? mins : undefined,
    });
  const chosen = people.filter((p) => !left.has(p.key) && !off(p));
  const send = async () => {
    if (!minutesOk) return setFormProblem('Enter the delay in minutes (1 to 240).');
    const bad = chosen.map((p) => replyProblem(textFor(p))).find(Boolean);
    if (bad) return setFormProblem(bad);
    if (chosen.length === 0) return setFormProblem('Choose at least one patient.');
    setFormProblem(null);
    setSending(true);
    const done: Outcome[] = [];
    for (const p of chosen) {
      const r = await useMessagesStore.getState().start({
        phone: p.phone,
        ...(p.contactId ? { contactId: p.contactId } : {}),
        ...(p.name ? { name: p.name } : {}),
        eventId: p.eventId,
        text: textFor(p),
      });
      done.push(
        r.ok ? { key: p.key, item: r.item, problem: null } : { key: p.key, item: null, problem: r.error.message },
      );
      setOutcomes([...done]);
    }
    setSending(false);
  };
  const latest = useLatestItems((outcomes ?? []).flatMap((o) => (o.item ? [o.item] : [])));
  const outcome = (key: string): { tone: 'ok' | 'wait' | 'bad'; words: string } | undefined => {
    const o = outcomes?.find((x) => x.key === key);
    if (!o) return undefined;
    if (!o.item) return { tone: 'bad', words: o.problem ?? 'Not sent' };
    const now = latest.find((i) => i.id === o.item!.id) ?? o.item;
    const w = sentWords(now);
    return {
      tone: w.tone,
      words: w.tone === 'wait' && now.status !== 'sending' ? 'Not sent yet' : w.words.replace(/\.$/, ''),
    };
  };
  return (
    <AppDialog
      isOpen
      isDismissable={!sending}
      onOpenChange={(open) => !open && onClose()}
      title="Text everyone in the next hour"
      size="broad"
      className="broadcast"
      testId="broadcast"
    >
      <p className="muted">
        Appointments starting between {timeInZone(from, zone)} and {labelledTime(from + HOUR_MS, zone)}. Check every
        text below before sending: each patient gets one text.
      </p>
      <div className="form-row">
        <div className="field broadcast-minutes">
          <label className="field-label" htmlFor="broadcast-minutes">
            Minutes late
          </label>
          <input
            id="broadcast-minutes"
            type="number"
            min={1}
            max={240}
            value={minutes}
            disabled={outcomes !== null}
            onChange={(e) => setMinutes(e.target.value)}
          />
        </div>
        <div className="field">
          <label className="field-label" htmlFor="broadcast-text">
            Text (filled in for each patient)
          </label>
          <textarea
            id="broadcast-text"
            rows={2}
            value={template}
            disabled={outcomes !== null}
            onChange={(e) => setTemplate(e.target.value)}
          />
        </div>
      </div>
      {problem && (
        <p className="notice notice-error" role="alert">
          {problem}
        </p>
      )}
      {items === null ? (
        <p className="muted">Looking for the next hour’s appointments…</p>
      ) : people.length === 0 ? (
        <p className="muted" data-testid="broadcast-none">
          No one with a phone number has an appointment in the next hour.
        </p>
      ) : (
        <table className="broadcast-table" aria-label="Who gets which text">
          <ColumnHeads names={['Send', 'Patient', 'Time', 'Text']} />
          <tbody>
            {people.map((p) => (
              <tr key={p.key} data-testid="broadcast-row">
                <td>
                  {outcome(p.key) ? (
                    <span
                      className={`badge badge-${outcome(p.key)!.tone === 'ok' ? 'good' : outcome(p.key)!.tone === 'bad' ? 'bad' : 'wait'}`}
                    >
                      {outcome(p.key)!.words}
                    </span>
                  ) : (
                    <input
                      type="checkbox"
                      aria-label={`Text ${p.name || p.phone}`}
                      checked={!left.has(p.key) && !off(p)}
                      disabled={outcomes !== null || off(p) !== null}
                      onChange={(e) => {
                        const next = new Set(left);
                        if (e.target.checked) next.delete(p.key);
                        else next.add(p.key);
                        setLeft(next);
                      }}
                    />
                  )}
                </td>
                <td>
                  {p.name || 'Name not given'}
                  <br />
                  <span className="muted">{p.phone}</span>
                  {off(p) && (
                    <>
                      <br />
                      <span className="muted" data-testid="texts-off">
                        {off(p)}
                      </span>
                    </>
                  )}
                </td>
                <td>{timeInZone(p.start, zone)}</td>
                <td className="broadcast-text">{textFor(p)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {formProblem && (
        <p className="notice notice-error" role="alert">
          {formProblem}
        </p>
      )}
      <div className="dialog-actions">
        <Button className="secondary-button" isDisabled={sending} onPress={onClose}>
          {outcomes ? 'Close' : 'Cancel'}
        </Button>
        {outcomes === null && people.length > 0 && (
          <Button className="primary-button" isDisabled={sending || chosen.length === 0} onPress={() => void send()}>
            {chosen.length === 1 ? 'Send 1 text' : `Send ${chosen.length} texts`}
          </Button>
        )}
      </div>
    </AppDialog>
  );
}
