/** What the schedule grid's render tests share: a visit on a day in the practice's zone, and a window jsdom lacks. */
import type { AgendaItem } from '../../common/contract';

/** A 30-minute visit, not confirmed yet, `startMin` minutes into `day` in the practice's zone (Chicago in winter). */
export function visitAt(
  day: string,
  id: number,
  startMin: number,
  calendarId: number,
  calendarName: string,
): AgendaItem {
  const at = (min: number) =>
    `${day}T${String(Math.floor(min / 60)).padStart(2, '0')}:${String(min % 60).padStart(2, '0')}:00-06:00`;
  return {
    id,
    externalId: null,
    title: `Cleaning ${id}`,
    start: at(startMin),
    end: at(startMin + 30),
    calendarId,
    calendarName,
    location: '',
    people: [{ name: `Patient ${id}`, phone: '312-555-0100', email: '', state: 'initial' }],
    pending: null,
    pendingMark: null,
  };
}

/**
 * jsdom lays nothing out and scrolls nothing: elements get a window's size so the grid's hours draw, and `scrollTo` sets
 * the position as a browser would. Returns what puts jsdom back.
 */
export function windowSized(height: number, width: number): () => void {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => height });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => width });
  HTMLElement.prototype.scrollTo = function (this: HTMLElement, options?: ScrollToOptions | number) {
    if (typeof options === 'object') this.scrollTop = options.top ?? this.scrollTop;
  } as HTMLElement['scrollTo'];
  return () => {
    Reflect.deleteProperty(HTMLElement.prototype, 'scrollTo');
    Reflect.deleteProperty(HTMLElement.prototype, 'clientHeight');
    Reflect.deleteProperty(HTMLElement.prototype, 'clientWidth');
  };
}
