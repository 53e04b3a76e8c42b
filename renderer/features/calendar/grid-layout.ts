/** Where each appointment sits in a time-grid column: minutes from midnight, and side-by-side lanes for overlaps. */
import type { AgendaItem } from '../../../common/contract';
import { dayStart } from '../../lib/practice-time';

/** Pixels per hour of the grid. */
export const HOUR_PX = 56;
/** Drag and new-appointment steps, minutes. */
const SNAP_MIN = 15;
/** The shortest block drawn, minutes (a zero-length appointment still shows). */
const MIN_SPAN = 15;

/** One placed appointment. */
export interface Placed {
  item: AgendaItem;
  /** Minutes from the column day's midnight. */
  top: number;
  bottom: number;
  lane: number;
  lanes: number;
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

/** Places the items of one column (any order in, sorted by start out) into lanes. */
export function placeColumn(items: readonly AgendaItem[], day: string, zone: string): Placed[] {
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

/** The placed items overlapping [fromMin, toMin), plus the one with focus wherever it is. */
export function visibleIn(placed: readonly Placed[], fromMin: number, toMin: number, keep: number | null): Placed[] {
  return placed.filter((p) => (p.bottom > fromMin && p.top < toMin) || p.item.id === keep);
}

/** Minutes snapped to the grid step. */
export function snap(minutes: number): number {
  return Math.round(minutes / SNAP_MIN) * SNAP_MIN;
}
