/**
 * The Day and Week time grid: one column per calendar (Day) or per day (Week), hours down the side, the working
 * hours shaded, a now-line, and appointments placed in lanes. Rows are virtualised with @tanstack/react-virtual:
 * only the hours in view (plus a little) are in the DOM, and only the appointments overlapping the minutes in view
 * (plus a quarter hour each side, and the focused one). Drag a block to move it; click an empty slot to add one there or book a caller at that time.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent as ReactKeyboardEvent,
  type PointerEvent as ReactPointerEvent,
} from 'react';
import type { AgendaItem, MarkState } from '../../../common/contract';
import { useCalendarStore } from '../../stores/calendar-store';
import { useMessagesStore } from '../../stores/messages-store';
import { dayKey, dayStart, minutesIntoDay, timeInZone, zoneLabel, zoneSuffix } from '../../lib/practice-time';
import { AppointmentBlock } from './AppointmentBlock';
import { DragPreview, movedTo, type Drop } from './DragPreview';
import { checkInOf, idOfSpot, neighbour, nextDue, spotOf, stayNear, stepOf, type KeySpot } from './grid-keys';
import { appointmentState } from './appointment-state';
import {
  HOUR_PX,
  lanesFor,
  layoutColumn,
  snap,
  visibleIn,
  type GridColumn,
  type MoreRun,
  type Placed,
} from './grid-layout';
import { MoreButton } from './MoreCluster';
import { useNow } from './use-now';

/** The practice's working hours (the service does not publish them: a common clinic day). */
const WORK_START_H = 8;
const WORK_END_H = 18;
const PX_PER_MIN = HOUR_PX / 60;
/** The hours' gutter, px (calendar.css `--gutter`). */
const GUTTER_PX = 60;
/** The narrowest a column gets before the grid scrolls sideways, px: a calendar's (Day), a day's (Week). */
const COL_MIN_PX = { day: 132, week: 92 } as const;

/**
 * The width in px of each block of a column with `lanes` lanes: the columns share what the gutter leaves (never less
 * than their least), less the column's 1 px border; a block is its share of that less 4 px (AppointmentBlock's style).
 */
function laneWidth(gridPx: number, columns: number, dense: boolean, lanes: number): number {
  const column = Math.max(COL_MIN_PX[dense ? 'week' : 'day'], (gridPx - GUTTER_PX) / Math.max(1, columns));
  return Math.round(((column - 1) / lanes - 4) * 2) / 2;
}
const DRAG_THRESHOLD_PX = 5;
/** Blocks are kept for the minutes in view, widened to this step (and one more each side), so scrolling re-renders rarely. */
const WINDOW_STEP_MIN = 15;

/** The minutes of the day in view in the grid's scroller (below its sticky head), widened to whole steps. */
function minutesInView(el: HTMLElement): [number, number] {
  const head = el.querySelector<HTMLElement>('.grid-head')?.offsetHeight ?? 0;
  const from = el.scrollTop / PX_PER_MIN;
  const to = (el.scrollTop + Math.max(0, el.clientHeight - head)) / PX_PER_MIN;
  return [
    Math.max(0, (Math.floor(from / WINDOW_STEP_MIN) - 1) * WINDOW_STEP_MIN),
    Math.min(24 * 60, (Math.ceil(to / WINDOW_STEP_MIN) + 1) * WINDOW_STEP_MIN),
  ];
}

/**
 * Where the grid opens, px from the day's top: an hour before now on a range with today (`nowMin`, else null), else a
 * quarter hour before the days' first appointment (`first`, minutes), or the working day's start when there is none.
 */
export function openingTop(nowMin: number | null, first: number): number {
  const from = nowMin !== null ? nowMin - 60 : first === Infinity ? WORK_START_H * 60 - 30 : first - 15;
  return Math.max(0, from) * PX_PER_MIN;
}

/** Where the grid opens for these columns at `nowMs` (openingTop), with the days' first appointment's minute. */
function openingOf(
  columns: readonly GridColumn[],
  placed: ReadonlyMap<string, readonly Placed[]>,
  zone: string,
  nowMs: number,
): { top: number; first: number; withToday: boolean } {
  const withToday = columns.some((c) => c.day === dayKey(nowMs, zone));
  // Only the days' own appointments: the last range's stay shown until the new one is read.
  let first = Infinity;
  for (const c of columns) {
    const own = placed.get(c.key)?.find((p) => dayKey(p.item.start, zone) === c.day);
    if (own && own.top < first) first = own.top;
  }
  return { top: openingTop(withToday ? minutesIntoDay(nowMs, zone) : null, first), first, withToday };
}

/** The key of a column's "+N more" spot. */
const moreKey = (column: GridColumn, run: MoreRun) => `m${column.key}@${run.top}`;

/** The element of a spot in the grid: an appointment's block or a "+N more". */
function spotElement(scroller: HTMLElement, key: string): HTMLElement | null {
  const id = idOfSpot(key);
  return id !== null
    ? scroller.querySelector<HTMLElement>(`[data-testid="appointment"][data-id="${id}"]`)
    : scroller.querySelector<HTMLElement>(`[data-testid="more"][data-spot="${CSS.escape(key)}"]`);
}

/** The blocks in view plus those the keyboard needs in the page (the Tab stop, the one focus is going to). */
function withKept(shown: Placed[], all: readonly Placed[] | undefined, ids: (number | null)[]): Placed[] {
  const extra = (all ?? []).filter((p) => ids.includes(p.item.id) && !shown.includes(p));
  return extra.length === 0 ? shown : [...shown, ...extra];
}

export interface TimeGridProps {
  columns: GridColumn[];
  /** Which column an item belongs to. */
  columnOf(item: AgendaItem): string | null;
  items: AgendaItem[];
  zone: string;
  slotOf(item: AgendaItem): number;
  highlighted: Record<number, number>;
  label: string;
  onOpen(id: number): void;
  onMenu(item: AgendaItem, at: { x: number; y: number }): void;
  /** An empty slot was clicked (at that point of the window). */
  onSlot(column: GridColumn, startMs: number, at: { x: number; y: number }): void;
  /** A block was dropped at a new time (and column). */
  onMove(item: AgendaItem, column: GridColumn, startMs: number): void;
  /** A single key on a focused appointment marked it (Arrived, Late, No-show), to be offered with Undo. */
  onCheckIn(item: AgendaItem, state: MarkState): void;
  /** The range's appointments are in (an ask to focus the next patient due waits for them). */
  ready: boolean;
  /** The Week: narrower columns, and blocks with the narrow lanes' padding. */
  dense?: boolean;
}

interface Drag {
  item: AgendaItem;
  x: number;
  y: number;
  moved: boolean;
  deltaMin: number;
  columnKey: string | null;
}

/**
 * Brings a focused block fully into view: below the sticky column heads, and across when the columns scroll sideways.
 */
function reveal(scroller: HTMLElement, el: HTMLElement): void {
  el.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  const head = scroller.querySelector<HTMLElement>('.grid-head')?.offsetHeight ?? 0;
  const under = scroller.getBoundingClientRect().top + head - el.getBoundingClientRect().top;
  if (under > 0) scroller.scrollTop -= under + 4;
}

/** "MST" after a calendar's name where its clock is not the practice's (its appointments say it too). */
function ColumnZone({ column, zone }: { column: GridColumn; zone: string }) {
  if (!column.zone || column.zone === zone) return null; // the practice's clock is named once, above the grid
  const noon = dayStart(column.day, zone).getTime() + 12 * 3600_000;
  const named = zoneSuffix(column.zone, noon).trim();
  if (!named) return null;
  return (
    <span className="grid-col-zone" title={zoneLabel(column.zone, noon)} data-testid="column-zone">
      {' · '}
      {named}
    </span>
  );
}

export function TimeGrid(props: TimeGridProps) {
  const { columns, items, zone } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const [inView, setInView] = useState<[number, number] | null>(null);
  const measureView = useCallback(() => {
    const el = scrollRef.current;
    if (!el) return;
    const next = minutesInView(el);
    setInView((prev) => (prev && prev[0] === next[0] && prev[1] === next[1] ? prev : next));
    setGridPx(el.clientWidth);
  }, []);
  useEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    measureView();
    el.addEventListener('scroll', measureView, { passive: true });
    const resize = typeof ResizeObserver === 'function' ? new ResizeObserver(measureView) : null;
    resize?.observe(el);
    return () => {
      el.removeEventListener('scroll', measureView);
      resize?.disconnect();
    };
  }, [measureView]);

  // Layout per column: O(n log n) when the items change, not on scroll. Cancelled and no-show visits take no room
  // unless shown; a column shows as many lanes as are readable at its width, and "+N more" for the rest.
  const showGone = useCalendarStore((s) => s.showCancelled);
  const [gridPx, setGridPx] = useState(1000);
  const maxLanes = lanesFor((gridPx - GUTTER_PX) / Math.max(1, columns.length));
  const layouts = useMemo(() => {
    const byColumn = new Map<string, AgendaItem[]>(columns.map((c) => [c.key, []]));
    for (const item of items) {
      const key = props.columnOf(item);
      if (key !== null) byColumn.get(key)?.push(item);
    }
    const options = { maxLanes, showGone, isGone: (item: AgendaItem) => appointmentState(item).gone };
    return new Map(columns.map((c) => [c.key, layoutColumn(byColumn.get(c.key) ?? [], c.day, zone, options)]));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [columns, items, zone, maxLanes, showGone]);
  const placed = useMemo(() => new Map([...layouts].map(([key, layout]) => [key, layout.placed])), [layouts]);

  // Worked out once per days and layout: the virtualiser reads its initial offset on every range it works out until
  // the grid has scrolled, and this walks the columns' first appointments through the zone's calendar.
  const opening = useMemo(() => openingOf(columns, placed, zone, Date.now()).top, [columns, placed, zone]);
  // eslint-disable-next-line react-hooks/incompatible-library
  const rows = useVirtualizer({
    count: 24,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => HOUR_PX,
    overscan: 1,
    initialRect: { width: 1000, height: 640 },
    // The first render draws the hours the grid opens at (the effect below scrolls there), not the night's: the
    // page's first paint and a first screen drawn outside the page (renderer/first-screen/) show that part of the day.
    initialOffset: opening,
    // The hours re-render with the grid's next render, not synchronously inside each scroll event: a synchronous one
    // changed the page just before the grid read its scroll position (minutesInView), which then paid for a style and
    // layout pass of its own inside the event (the day's data scrolls the grid to its first visit: one in every paint).
    useFlushSync: false,
  });
  const virtual = rows.getVirtualItems();
  // The hour rows keep the virtualiser's overscan (they are cheap); appointment blocks only the minutes in view: a
  // busy day has dozens of blocks an hour, and every one in the page costs style and layout.
  const fromMin = inView?.[0] ?? (virtual[0]?.index ?? 0) * 60;
  const toMin = inView?.[1] ?? ((virtual[virtual.length - 1]?.index ?? 23) + 1) * 60;

  // Open near now on a range with today (an hour before it), else at the first appointment (or the working day's
  // start when there is none), once per days shown; again only for a visit earlier than the one it opened at (a
  // saved copy shown first may lack it), while the desk has not scrolled since.
  const firstKey = columns[0]?.day;
  useEffect(() => {
    const key = `${firstKey}|${columns.length}`;
    const el = scrollRef.current;
    const { top, first, withToday } = openingOf(columns, placed, zone, Date.now());
    const was = openedAt.current;
    if (was?.key === key && (withToday || !(first < was.first) || !el || Math.abs(el.scrollTop - was.top) > 1)) return;
    el?.scrollTo({ top });
    measureView();
    // Settled for these days once there is something to open at; a range left before that (a date typed digit by
    // digit passes through others) opens afresh when it comes back.
    openedAt.current = el && (withToday || first !== Infinity) ? { key, top: el.scrollTop, first } : null;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [firstKey, columns.length, placed, measureView, zone]);

  const now = useNow();
  // The patients' text replies, read once for every block (each block subscribing was hundreds in a day).
  const meanings = useMessagesStore((s) => s.meanings);

  // The keyboard: the grid is one Tab stop (an appointment or a "+N more"); arrows go between them, single keys check
  // in (grid-keys.ts). The stop is the one last focused while it is shown, else the next patient due.
  const spots = useMemo<KeySpot[]>(
    () =>
      columns.flatMap((c, column) => [
        ...(placed.get(c.key) ?? []).map((p) => ({ id: spotOf(p.item.id), column, top: p.top, lane: p.lane })),
        ...(layouts.get(c.key)?.more ?? []).map((run) => ({
          id: moreKey(c, run),
          column,
          top: run.top,
          lane: run.lane,
        })),
      ]),
    [columns, placed, layouts],
  );
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const [focusTo, setFocusTo] = useState<string | null>(null);
  const dueNow = useCallback(() => {
    const shown = new Set(spots.map((s) => s.id));
    return nextDue(
      items.filter((i) => shown.has(spotOf(i.id))),
      now,
    );
  }, [spots, items, now]);
  const tabStop = useMemo(() => {
    if (activeKey !== null && spots.some((s) => s.id === activeKey)) return activeKey;
    const due = dueNow();
    if (due) return spotOf(due.id);
    return [...spots].sort((a, b) => a.top - b.top || a.column - b.column)[0]?.id ?? null;
  }, [activeKey, spots, dueNow]);
  const goTo = (key: string) => {
    setActiveKey(key);
    setFocusTo(key);
  };
  // "N": the next patient due, once the range's appointments are in.
  const focusAsk = useCalendarStore((s) => s.focusAsk);
  const askedFor = useRef(0);
  useEffect(() => {
    if (!props.ready || focusAsk === askedFor.current) return;
    askedFor.current = focusAsk;
    const due = dueNow();
    if (due) goTo(spotOf(due.id));
  }, [focusAsk, props.ready, dueNow]);
  // Focus goes to a block once it is in the page (it is kept there while asked for), then into view.
  useEffect(() => {
    if (focusTo === null || !scrollRef.current) return;
    const el = spotElement(scrollRef.current, focusTo);
    if (!el) return;
    setFocusTo(null);
    el.focus({ preventScroll: true });
  }, [focusTo]);
  // The focused appointment left the grid (a no-show or cancellation hidden): focus stays near, not lost to the page.
  const spotsBefore = useRef<KeySpot[]>([]);
  useEffect(() => {
    const before = spotsBefore.current;
    spotsBefore.current = spots;
    if (activeKey === null || spots.some((s) => s.id === activeKey)) return;
    const gone = before.find((s) => s.id === activeKey);
    const lost = document.activeElement === null || document.activeElement === document.body;
    const near = gone && lost ? stayNear(spots, gone) : null;
    if (near !== null) goTo(near);
  }, [spots, activeKey]);
  const onSpotFocus = useCallback((key: string) => {
    setActiveKey(key);
    const id = idOfSpot(key);
    if (id !== null) setFocusedId(id);
    const scroller = scrollRef.current;
    const el = scroller && spotElement(scroller, key);
    if (scroller && el) reveal(scroller, el);
  }, []);
  const onBlockFocus = useCallback((id: number | null) => id !== null && onSpotFocus(spotOf(id)), [onSpotFocus]);
  /** Arrow keys from a spot: true when the key press was one. */
  // The keys read the spots and the check-in as they are when a key is pressed, so the handlers given to every block
  // stay the same function: a change to one appointment re-renders its block alone, not the whole grid's.
  const latest = useRef({ spots, onCheckIn: props.onCheckIn });
  useLayoutEffect(() => {
    latest.current = { spots, onCheckIn: props.onCheckIn };
  });
  const stepFrom = useCallback((key: string, e: ReactKeyboardEvent): boolean => {
    const step = stepOf(e);
    if (!step) return false;
    const to = neighbour(latest.current.spots, key, step);
    if (to !== null) goTo(to);
    return true;
  }, []);
  const onKeys = useCallback(
    (item: AgendaItem, e: ReactKeyboardEvent<HTMLButtonElement>): boolean => {
      if (stepFrom(spotOf(item.id), e)) return true;
      const state = checkInOf(e, item);
      if (!state) return false;
      latest.current.onCheckIn(item, state);
      return true;
    },
    [stepFrom],
  );

  const [drag, setDrag] = useState<Drag | null>(null);
  const dragRef = useRef<Drag | null>(null);
  const suppressClick = useRef(false);
  // The focused appointment stays in the DOM when scrolled out of view (focus is never lost to virtualisation).
  const [focusedId, setFocusedId] = useState<number | null>(null);
  /** Where the grid opened for the days shown: their key, its scroll top, and the first visit's minute then. */
  const openedAt = useRef<{ key: string; top: number; first: number } | null>(null);

  const onDragStart = useCallback((item: AgendaItem, e: ReactPointerEvent<HTMLButtonElement>) => {
    if (e.button !== 0 || item.pending?.change === 'delete') return;
    dragRef.current = { item, x: e.clientX, y: e.clientY, moved: false, deltaMin: 0, columnKey: null };
  }, []);

  /** Where a drag would drop: the column under the pointer (else the block's own), at the new start. */
  const dropOf = useCallback(
    (d: Drag): Drop | null => {
      const column =
        columns.find((c) => c.key === d.columnKey) ?? columns.find((c) => c.key === props.columnOf(d.item));
      if (!column) return null;
      const fromDay = dayStart(dayKey(d.item.start, zone), zone).getTime();
      const offset = Date.parse(d.item.start) - fromDay;
      return { column, start: dayStart(column.day, zone).getTime() + offset + d.deltaMin * 60_000 };
    },
    [columns, props, zone],
  );
  const drop = drag?.moved ? dropOf(drag) : null;

  useEffect(() => {
    const move = (e: PointerEvent) => {
      const d = dragRef.current;
      if (!d) return;
      if (!d.moved && Math.hypot(e.clientX - d.x, e.clientY - d.y) < DRAG_THRESHOLD_PX) return;
      const col = (document.elementFromPoint(e.clientX, e.clientY) as HTMLElement | null)?.closest<HTMLElement>(
        '[data-column]',
      );
      const next = {
        ...d,
        moved: true,
        deltaMin: snap((e.clientY - d.y) / PX_PER_MIN),
        columnKey: col?.dataset.column ?? d.columnKey,
      };
      dragRef.current = next;
      setDrag(next);
    };
    const up = () => {
      const d = dragRef.current;
      dragRef.current = null;
      setDrag(null);
      if (!d?.moved) return;
      suppressClick.current = true;
      setTimeout(() => (suppressClick.current = false), 0);
      const drop = dropOf(d);
      if (drop && (drop.start !== Date.parse(d.item.start) || drop.column.key !== props.columnOf(d.item)))
        props.onMove(d.item, drop.column, drop.start);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
    return () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
    };
  }, [dropOf, props]);

  const open = useCallback(
    (id: number) => {
      if (!suppressClick.current) props.onOpen(id);
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [props.onOpen],
  );

  const newAt = (column: GridColumn, e: React.MouseEvent<HTMLDivElement>) => {
    if (e.target !== e.currentTarget) return;
    const y = e.clientY - e.currentTarget.getBoundingClientRect().top;
    const minutes = Math.floor(y / PX_PER_MIN / 15) * 15;
    props.onSlot(column, dayStart(column.day, zone).getTime() + minutes * 60_000, { x: e.clientX, y: e.clientY });
  };

  const nowMin = minutesIntoDay(now, zone);
  const dense = props.dense === true;
  const template = `var(--gutter) repeat(${columns.length}, minmax(${COL_MIN_PX[dense ? 'week' : 'day']}px, 1fr))`;
  const today = dayKey(now, zone);
  // The hours count from the first column's midnight, worked out once a render rather than once an hour shown.
  const midnight = dayStart(columns[0]?.day ?? today, zone).getTime();
  return (
    <div className="time-grid" data-testid="time-grid">
      {/* Focusable itself only with no appointment to stop at (so the keys can still scroll it). */}
      <div
        className="grid-scroll"
        ref={scrollRef}
        role="region"
        aria-label={props.label}
        tabIndex={tabStop === null ? 0 : -1}
      >
        <div className="grid-head" style={{ gridTemplateColumns: template }}>
          <span className="grid-corner" aria-hidden="true" />
          {columns.map((c) => (
            <span key={c.key} className="grid-col-head" data-testid="column-head">
              {c.slot !== null && <span className={`swatch cal-slot-${c.slot}`} aria-hidden="true" />}
              {/* A long name gives way (ellipsis, the whole name as its title); the zone never does. */}
              <span className="grid-col-name" title={c.label}>
                {c.label}
              </span>
              <ColumnZone column={c} zone={zone} />
            </span>
          ))}
        </div>
        <div
          className="grid-body"
          style={{
            height: rows.getTotalSize(),
            gridTemplateColumns: template,
          }}
        >
          <div className="grid-gutter" aria-hidden="true">
            {virtual.map((row) => (
              <span key={row.key} className="grid-hour" style={{ top: row.start }}>
                {row.index === 0 ? '' : timeInZone(midnight + row.index * 3600_000, zone)}
              </span>
            ))}
          </div>
          {columns.map((c) => (
            <div
              key={c.key}
              className="grid-col"
              role="group"
              aria-label={`${c.label}`}
              data-column={c.key}
              data-testid="grid-column"
              onClick={(e) => newAt(c, e)}
            >
              <span className="work-off" style={{ top: 0, height: WORK_START_H * HOUR_PX }} aria-hidden="true" />
              <span
                className="work-off"
                style={{ top: WORK_END_H * HOUR_PX, height: (24 - WORK_END_H) * HOUR_PX }}
                aria-hidden="true"
              />
              {virtual.map((row) => (
                <span key={row.key} className="grid-line" style={{ top: row.start }} aria-hidden="true" />
              ))}
              {c.day === today && (
                <span
                  className="now-line"
                  data-testid="now-line"
                  style={{ top: nowMin * PX_PER_MIN }}
                  aria-hidden="true"
                />
              )}
              {withKept(visibleIn(placed.get(c.key) ?? [], fromMin, toMin, focusedId), placed.get(c.key), [
                idOfSpot(tabStop ?? ''),
                idOfSpot(focusTo ?? ''),
              ]).map((p) => {
                const dragging = drag?.item.id === p.item.id ? drag : null;
                // While dragged, the block tells the time (and provider) it would land at.
                const shown = dragging && drop ? movedTo(p.item, drop, zone) : p.item;
                return (
                  <AppointmentBlock
                    key={p.item.id}
                    item={shown}
                    zone={zone}
                    slot={props.slotOf(p.item)}
                    highlighted={(props.highlighted[p.item.id] ?? 0) > now}
                    replied={meanings[p.item.id]}
                    top={p.top * PX_PER_MIN + (dragging ? dragging.deltaMin * PX_PER_MIN : 0)}
                    height={Math.max(11, (p.bottom - p.top) * PX_PER_MIN - 1)}
                    lane={p.lane}
                    lanes={p.lanes}
                    width={laneWidth(gridPx, columns.length, dense, p.lanes)}
                    dense={dense}
                    onOpen={open}
                    onMenu={props.onMenu}
                    onDragStart={onDragStart}
                    onFocusChange={onBlockFocus}
                    tabStop={spotOf(p.item.id) === tabStop}
                    onKeys={onKeys}
                  />
                );
              })}
              {(layouts.get(c.key)?.more ?? [])
                .filter(
                  (run) =>
                    (run.bottom > fromMin && run.top < toMin) ||
                    moreKey(c, run) === tabStop ||
                    moreKey(c, run) === focusTo,
                )
                .map((run) => (
                  <MoreButton
                    key={`more-${run.top}`}
                    run={run}
                    spot={moreKey(c, run)}
                    zone={zone}
                    top={run.top * PX_PER_MIN}
                    height={Math.max(11, (run.bottom - run.top) * PX_PER_MIN - 1)}
                    onOpen={props.onOpen}
                    tabStop={moreKey(c, run) === tabStop}
                    onSpotFocus={onSpotFocus}
                    onStep={stepFrom}
                  />
                ))}
              {drag?.moved && drag.columnKey === c.key && drag.columnKey !== props.columnOf(drag.item) && (
                <span className="drop-hint" aria-hidden="true" />
              )}
              {drag && drop?.column.key === c.key && (
                <DragPreview
                  item={drag.item}
                  drop={drop}
                  zone={zone}
                  top={minutesIntoDay(drop.start, zone) * PX_PER_MIN}
                />
              )}
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
