/** Where each appointment sits in a time-grid column: minutes from midnight, and side-by-side lanes for overlaps. */
import type { AgendaItem } from '../../../common/contract';
import { dayStart } from '../../lib/practice-time';

/**
 * Pixels per hour of the grid: at 1024×700 the Day view shows more than eight hours, and a 15-minute visit is one
 * line (time, patient and state icon).
 */
export const HOUR_PX = 48;
/** Drag and new-appointment steps, minutes. */
const SNAP_MIN = 15;
/** The shortest block drawn, minutes (a zero-length appointment still shows). */
const MIN_SPAN = 15;
/** The narrowest readable lane, px: a column shows as many lanes side by side as fit (at least 2, at most 4). */
const MIN_LANE_PX = 60;
const MAX_LANES = 4;
/** Appointments hidden behind one "+N more" start within this many minutes of its first. */
const MORE_RUN_MIN = 60;

/** One placed appointment. */
export interface Placed {
  item: AgendaItem;
  /** Minutes from the column day's midnight. */
  top: number;
  bottom: number;
  lane: number;
  lanes: number;
}

/** Overlapping appointments a column has no room for: "+N more" in the cluster's last lane, opening them as a list. */
export interface MoreRun {
  /** Minutes from the column day's midnight. */
  top: number;
  bottom: number;
  lane: number;
  lanes: number;
  items: AgendaItem[];
}

/** A column laid out: the blocks, the "+N more" runs, and how many gone visits (cancelled, no-show) are hidden. */
export interface ColumnLayout {
  placed: Placed[];
  more: MoreRun[];
  hiddenGone: number;
}

/** How a column is laid out. */
export interface LayoutOptions {
  /** Lanes side by side before "+N more" (lanesFor). */
  maxLanes: number;
  /** Cancelled and no-show visits are laid out too ("Show cancelled"); otherwise they take no room at all. */
  showGone: boolean;
  isGone(item: AgendaItem): boolean;
}

/** A column of the grid: a calendar on a day (Day view) or a day (Week view). */
export interface GridColumn {
  key: string;
  label: string;
  /** `yyyy-MM-dd` of the column. */
  day: string;
  calendarId: number | null;
  /** Palette slot of the header swatch, when the column is one calendar. */
  slot: number | null;
  /** The calendar's own zone, when it has one: its header names it where its clock is not the practice's. */
  zone?: string | null;
}

/** How many lanes fit side by side in a column this wide (px). */
export function lanesFor(columnPx: number): number {
  return Math.min(MAX_LANES, Math.max(2, Math.floor(columnPx / MIN_LANE_PX)));
}

/** Places the items of one column (any order in, sorted by start out) into lanes, without bound. */
function placeColumn(items: readonly AgendaItem[], day: string, zone: string): Placed[] {
  const midnight = dayStart(day, zone).getTime();
  const placed = items
    .map((item) => {
      const top = Math.max(0, (Date.parse(item.start) - midnight) / 60_000);
      const end = Math.min(24 * 60, (Date.parse(item.end) - midnight) / 60_000);
      return { item, top, bottom: Math.max(end, top + MIN_SPAN), lane: 0, lanes: 1 };
    })
    .sort((a, b) => a.top - b.top || b.bottom - a.bottom);
  // Greedy lanes within each cluster of overlapping appointments.
  let cluster: Placed[] = [];
  let clusterEnd = -1;
  let laneEnds: number[] = [];
  const close = () => {
    for (const p of cluster) p.lanes = laneEnds.length;
    cluster = [];
    laneEnds = [];
  };
  for (const p of placed) {
    if (p.top >= clusterEnd) close();
    let lane = laneEnds.findIndex((end) => end <= p.top);
    if (lane === -1) lane = laneEnds.push(0) - 1;
    laneEnds[lane] = p.bottom;
    p.lane = lane;
    cluster.push(p);
    clusterEnd = Math.max(clusterEnd, p.bottom);
  }
  close();
  return placed;
}

/**
 * Lays out one column: gone visits left out unless shown, lanes as placeColumn, and where a cluster needs more lanes
 * than fit, its last lane holds "+N more" runs (one per hour of hidden starts) instead of blocks.
 */
export function layoutColumn(
  items: readonly AgendaItem[],
  day: string,
  zone: string,
  options: LayoutOptions,
): ColumnLayout {
  const shown = options.showGone ? items : items.filter((item) => !options.isGone(item));
  const all = placeColumn(shown, day, zone);
  const max = Math.max(2, options.maxLanes);
  const placed: Placed[] = [];
  const hidden: Placed[] = [];
  for (const p of all) {
    if (p.lanes <= max) placed.push(p);
    else if (p.lane < max - 1) placed.push({ ...p, lanes: max });
    else hidden.push(p);
  }
  const more: MoreRun[] = [];
  for (const run of moreRuns(hidden, max)) {
    const only = run.items.length === 1 ? hidden.find((p) => p.item === run.items[0]) : undefined;
    // One alone in its lane is drawn: "+1 more" would hide it for nothing.
    if (only && !hidden.some((p) => p !== only && p.top < only.bottom && only.top < p.bottom))
      placed.push({ ...only, lane: max - 1, lanes: max });
    else more.push(run);
  }
  placed.sort((a, b) => a.top - b.top || a.lane - b.lane);
  return { placed, more, hiddenGone: items.length - shown.length };
}

/** Hidden appointments in runs: each starts at a hidden one and takes those starting within the next hour. */
function moreRuns(hidden: readonly Placed[], lanes: number): MoreRun[] {
  const runs: MoreRun[] = [];
  for (const p of [...hidden].sort((a, b) => a.top - b.top)) {
    const run = runs[runs.length - 1];
    if (run && p.top < run.top + MORE_RUN_MIN) {
      run.items.push(p.item);
      run.bottom = Math.max(run.bottom, p.bottom);
    } else runs.push({ top: p.top, bottom: p.bottom, lane: lanes - 1, lanes, items: [p.item] });
  }
  // A run ends where the next begins (their buttons never overlap).
  for (let i = 0; i + 1 < runs.length; i++) runs[i]!.bottom = Math.min(runs[i]!.bottom, runs[i + 1]!.top);
  return runs;
}

/** The placed items overlapping [fromMin, toMin), plus the one with focus wherever it is. */
export function visibleIn(placed: readonly Placed[], fromMin: number, toMin: number, keep: number | null): Placed[] {
  return placed.filter((p) => (p.bottom > fromMin && p.top < toMin) || p.item.id === keep);
}

/** Minutes snapped to the grid step. */
export function snap(minutes: number): number {
  return Math.round(minutes / SNAP_MIN) * SNAP_MIN;
}
