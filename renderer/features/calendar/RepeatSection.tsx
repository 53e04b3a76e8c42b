/**
 * The "Repeat" part of a new appointment: every N weeks or monthly on the same weekday, for a number of visits or
 * until a day. Before saving, the dates are checked (core reads the weeks: busy on that calendar, or outside the
 * working hours) and listed; the desk keeps, skips or moves each. A date that clashes starts as skipped.
 */
import { useEffect, useRef } from 'react';
import type { AppointmentInput, SeriesOccurrence, SeriesPreview, SeriesRule } from '../../../common/contract';
import { Field } from '../../components/Field';
import { addDaysToKey, dayInZone, dayKey, timeInZone, wallClock, wallTimeToInstant } from '../../lib/practice-time';
import { seriesAsks } from '../../stores/series-asks';
import './series.css';

/** What the desk does with one planned visit. */
interface Choice {
  what: 'keep' | 'skip' | 'move';
  day: string;
  time: string;
}

/** The Repeat part's values (kept by the dialog). */
export interface RepeatState {
  on: boolean;
  /** '1'…'4': every so many weeks; 'month': monthly on the same weekday. */
  every: string;
  end: 'count' | 'until';
  count: string;
  until: string;
  /** The dates as last checked, for which form and rule (`key`), and the desk's choice for each. */
  checked: { key: string; preview: SeriesPreview; choices: Record<number, Choice> } | null;
  busy: boolean;
  problem: string | null;
}

/** Repeat off, with weekly for 8 visits ready. */
export const noRepeat = (day: string): RepeatState => ({
  on: false,
  every: '1',
  end: 'count',
  count: '8',
  until: addDaysToKey(day, 7 * 7),
  checked: null,
  busy: false,
  problem: null,
});

/** The rule the values describe, or what is wrong with them. */
export function ruleOf(state: RepeatState): SeriesRule | string {
  const base =
    state.every === 'month'
      ? { every: 'month_weekday' as const, interval: 1 }
      : { every: 'weeks' as const, interval: Number(state.every) };
  if (state.end === 'until') {
    return /^\d{4}-\d{2}-\d{2}$/.test(state.until) ? { ...base, until: state.until } : 'Choose the last day.';
  }
  const count = Number(state.count);
  return Number.isInteger(count) && count >= 2 && count <= 52 ? { ...base, count } : 'Enter 2 to 52 visits.';
}

const keyOf = (input: AppointmentInput, rule: SeriesRule) => JSON.stringify({ input, rule });

/** Checks the dates (core's preview) and starts each choice: a clash skipped, the others kept. */
export async function checkDates(state: RepeatState, input: AppointmentInput, zone: string): Promise<RepeatState> {
  const rule = ruleOf(state);
  if (typeof rule === 'string') return { ...state, problem: rule, busy: false };
  const result = await seriesAsks.preview({ input, rule });
  if (!result.ok) return { ...state, problem: result.error.message, busy: false, checked: null };
  const choices: Record<number, Choice> = {};
  for (const o of result.value.occurrences)
    choices[o.n] = { what: o.clash ? 'skip' : 'keep', day: dayKey(o.start, zone), time: wallClock(o.start, zone) };
  return { ...state, busy: false, problem: null, checked: { key: keyOf(input, rule), preview: result.value, choices } };
}

/** The checked dates still describe this form and rule. */
export function isChecked(state: RepeatState, input: AppointmentInput): boolean {
  const rule = ruleOf(state);
  return typeof rule !== 'string' && state.checked?.key === keyOf(input, rule);
}

/** The visits the desk keeps (skipped ones left out, moved ones at their new day and time). */
export function keptVisits(state: RepeatState, zone: string): { n: number; start: string; end: string }[] {
  if (!state.checked) return [];
  return state.checked.preview.occurrences.flatMap((o) => {
    const choice = state.checked!.choices[o.n];
    if (!choice || choice.what === 'skip') return [];
    if (choice.what === 'keep') return [{ n: o.n, start: o.start, end: o.end }];
    const start = wallTimeToInstant(choice.day, choice.time, zone);
    if (start === null) return [];
    const length = Date.parse(o.end) - Date.parse(o.start);
    return [{ n: o.n, start: new Date(start).toISOString(), end: new Date(start + length).toISOString() }];
  });
}

/** The clash of a planned visit, in words. */
function clashWords(o: SeriesOccurrence, zone: string): string {
  if (!o.clash) return 'Free';
  if (o.clash.kind === 'closed') return 'Outside working hours';
  return `Clashes with “${o.clash.title}” (${timeInZone(o.clash.start, zone)} to ${timeInZone(o.clash.end, zone)})`;
}

/** The Repeat part of the form. */
export function RepeatSection(props: {
  zone: string;
  state: RepeatState;
  onChange(next: RepeatState): void;
  /** The form as an appointment, or null while it has problems (the dates cannot be checked yet). */
  input: AppointmentInput | null;
}) {
  const { zone, state, onChange, input } = props;
  const set = (patch: Partial<RepeatState>) => onChange({ ...state, ...patch });
  // Dates just checked: the desk reads them next (focus moves to their heading).
  const heading = useRef<HTMLHeadingElement>(null);
  const checkedKey = state.checked?.key ?? null;
  useEffect(() => {
    if (checkedKey !== null) heading.current?.focus();
  }, [checkedKey]);
  const stale = state.checked !== null && input !== null && !isChecked(state, input);
  const check = async () => {
    if (!input) return set({ problem: 'Fill in the appointment first.' });
    onChange({ ...state, busy: true, problem: null });
    onChange(await checkDates(state, input, zone));
  };
  const choose = (n: number, patch: Partial<Choice>) => {
    if (!state.checked) return;
    const choices = { ...state.checked.choices, [n]: { ...state.checked.choices[n]!, ...patch } };
    set({ checked: { ...state.checked, choices } });
  };
  const kept = keptVisits(state, zone).length;
  const total = state.checked?.preview.occurrences.length ?? 0;
  return (
    <fieldset className="repeat-fields" data-testid="repeat">
      <legend>Repeat</legend>
      <label className="check-row">
        <input type="checkbox" checked={state.on} onChange={(e) => set({ on: e.target.checked })} /> Repeat this
        appointment
      </label>
      {state.on && (
        <>
          <div className="repeat-row">
            <Field label="Every">
              <select value={state.every} onChange={(e) => set({ every: e.target.value })}>
                <option value="1">Week</option>
                <option value="2">2 weeks</option>
                <option value="3">3 weeks</option>
                <option value="4">4 weeks</option>
                <option value="month">Month, on the same weekday</option>
              </select>
            </Field>
            <Field label="Ends">
              <select value={state.end} onChange={(e) => set({ end: e.target.value as RepeatState['end'] })}>
                <option value="count">After some visits</option>
                <option value="until">On a day</option>
              </select>
            </Field>
            {state.end === 'count' ? (
              <Field label="Visits">
                <input
                  type="number"
                  min={2}
                  max={52}
                  value={state.count}
                  onChange={(e) => set({ count: e.target.value })}
                />
              </Field>
            ) : (
              <Field label="Last day">
                <input type="date" value={state.until} onChange={(e) => set({ until: e.target.value })} />
              </Field>
            )}
          </div>
          <div className="button-row">
            <button type="button" className="secondary-button" onClick={() => void check()} disabled={state.busy}>
              {state.checked ? 'Check the dates again' : 'Check the dates'}
            </button>
          </div>
          {state.problem && (
            <p className="notice notice-error small" role="alert">
              {state.problem}
            </p>
          )}
          {stale && (
            <p className="notice notice-info small" role="status">
              The appointment or the rule changed: check the dates again before saving.
            </p>
          )}
          {state.checked && (
            <section aria-labelledby="series-dates-title" className="series-dates" data-testid="series-dates">
              <h3 id="series-dates-title" tabIndex={-1} ref={heading}>
                Dates: {kept} of {total} to book
              </h3>
              {state.checked.preview.source !== 'service' && (
                <p className="notice notice-info small">
                  Checked against the schedule saved on this computer: the service cannot be reached.
                </p>
              )}
              <ol className="series-list">
                {state.checked.preview.occurrences.map((o) => {
                  const choice = state.checked!.choices[o.n]!;
                  return (
                    <li
                      key={o.n}
                      data-testid="series-visit"
                      data-n={o.n}
                      data-clash={o.clash?.kind ?? 'none'}
                      className={o.clash ? 'series-visit clash' : 'series-visit'}
                    >
                      <span className="series-when">
                        Visit {o.n}: {dayInZone(o.start, zone)}, {timeInZone(o.start, zone)}
                      </span>
                      <span className={o.clash ? 'series-clash' : 'series-free'}>{clashWords(o, zone)}</span>
                      <select
                        aria-label={`Visit ${o.n}: keep, skip or move`}
                        value={choice.what}
                        onChange={(e) => choose(o.n, { what: e.target.value as Choice['what'] })}
                      >
                        <option value="keep">Keep</option>
                        <option value="skip">Skip</option>
                        <option value="move">Move</option>
                      </select>
                      {choice.what === 'move' && (
                        <span className="series-move">
                          <Field label={`New day (visit ${o.n})`}>
                            <input
                              type="date"
                              value={choice.day}
                              onChange={(e) => choose(o.n, { day: e.target.value })}
                            />
                          </Field>
                          <Field label={`New time (visit ${o.n})`}>
                            <input
                              type="time"
                              step={300}
                              value={choice.time}
                              onChange={(e) => choose(o.n, { time: e.target.value })}
                            />
                          </Field>
                        </span>
                      )}
                    </li>
                  );
                })}
              </ol>
            </section>
          )}
        </>
      )}
    </fieldset>
  );
}
