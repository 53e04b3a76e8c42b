/**
 * How a visit of a series shows: its place ("Visit 3 of 8, every week") in the details and beside its title on the
 * schedule, and the choice a change or a cancellation of it asks: this visit, this and following, or all.
 */
import {
  SERIES_COUNT_KEY,
  SERIES_FIRST_KEY,
  SERIES_INDEX_KEY,
  SERIES_KEY,
  SERIES_RULE_KEY,
  seriesOf,
  type AgendaItem,
} from '../../../common/contract';
import type { SeriesScope } from './series-sync';
import './series.css';

/** The custom-data keys of a series, which the details do not list as the practice's own fields. */
export const SERIES_KEYS: readonly string[] = [
  SERIES_KEY,
  SERIES_INDEX_KEY,
  SERIES_COUNT_KEY,
  SERIES_RULE_KEY,
  SERIES_FIRST_KEY,
];

/** "every week", "every 2 weeks", "every month on the same weekday". */
function ruleWords(rule: string): string {
  const weeks = /^weeks:(\d+)$/.exec(rule);
  if (weeks) return weeks[1] === '1' ? 'every week' : `every ${weeks[1]} weeks`;
  return rule === 'month_weekday' ? 'every month on the same weekday' : 'repeating';
}

/** "Visit 3 of 8, every week", or null when the appointment is not one of a series. */
function seriesWords(item: Pick<AgendaItem, 'customData'>): string | null {
  const place = seriesOf(item);
  return place ? `Visit ${place.n} of ${place.of}, ${ruleWords(place.rule)}` : null;
}

/** The details' line for a visit of a series. */
export function SeriesFact({ item }: { item: AgendaItem }) {
  const words = seriesWords(item);
  if (!words) return null;
  return (
    <>
      <dt>Series</dt>
      <dd data-testid="series-fact">{words}</dd>
    </>
  );
}

/**
 * The mark as an appointment block's name says it (block-label.ts): the words the mark shows ("3", "8") as they show,
 * the rest in brackets, which screen readers do not read out and a name's check for its visible words leaves aside
 * ("(Visit) 3 (of) 8 (every week)"); null when the appointment is not one of a series.
 */
export function seriesMarkLabel(item: Pick<AgendaItem, 'customData'>): string | null {
  const place = seriesOf(item);
  return place ? `(Visit) ${place.n} (of) ${place.of} (${ruleWords(place.rule)})` : null;
}

/**
 * The small mark beside a visit's title on the schedule and in lists ("3/8", read as "Visit 3 of 8"). `named`: its
 * block's name says it (seriesMarkLabel), so it is the shown mark alone, with no words of its own for screen readers.
 */
export function SeriesMark({ item, named }: { item: Pick<AgendaItem, 'customData'>; named?: boolean }) {
  const place = seriesOf(item);
  if (!place) return null;
  if (named)
    return (
      <span className="series-mark" data-testid="series-mark" title={seriesWords(item) ?? undefined}>
        ↻ {place.n}/{place.of}
      </span>
    );
  return (
    <span className="series-mark" data-testid="series-mark" title={seriesWords(item) ?? undefined}>
      <span aria-hidden="true">
        ↻ {place.n}/{place.of}
      </span>
      <span className="visually-hidden">{seriesWords(item)}</span>
    </span>
  );
}

/** This visit / this and following / all: which visits of the series a change or cancellation is for. */
export function SeriesScopeChoice(props: {
  value: SeriesScope;
  onChange(scope: SeriesScope): void;
  /** "Change" or "Cancel". */
  verb: string;
}) {
  const options: [SeriesScope, string][] = [
    ['this', 'This visit only'],
    ['following', 'This and following visits'],
    ['all', 'All visits of the series'],
  ];
  return (
    <fieldset className="series-scope" data-testid="series-scope">
      <legend>{props.verb} which visits?</legend>
      {options.map(([scope, label]) => (
        <label key={scope} className="check-row">
          <input
            type="radio"
            name={`series-scope-${props.verb}`}
            value={scope}
            checked={props.value === scope}
            onChange={() => props.onChange(scope)}
          />{' '}
          {label}
        </label>
      ))}
    </fieldset>
  );
}

/** One series among a contact's appointments: its title, rule, visits ahead and the next one. */
interface SeriesLine {
  id: string;
  title: string;
  words: string;
  ahead: AgendaItem[];
}

/** The series a contact's upcoming appointments belong to, each once (soonest first). */
export function seriesAmong(items: readonly AgendaItem[]): SeriesLine[] {
  const lines = new Map<string, SeriesLine>();
  for (const item of items) {
    const place = seriesOf(item);
    if (!place) continue;
    const line = lines.get(place.id) ?? { id: place.id, title: item.title, words: ruleWords(place.rule), ahead: [] };
    line.ahead.push(item);
    lines.set(place.id, line);
  }
  return [...lines.values()];
}
