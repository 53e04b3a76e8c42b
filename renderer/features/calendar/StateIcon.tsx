/** The icon of an appointment's state (appointment-state.ts): a shape per state, so no state is told by colour alone. */
import type { ReactNode } from 'react';
import type { StateIconName } from './appointment-state';

/** Each icon's strokes and fills on a 16×16 box, drawn in the state's colour (calendar.css `.state-icon-*`). */
const SHAPES: Record<StateIconName, ReactNode> = {
  // Not confirmed yet: an empty ring.
  scheduled: <circle cx="8" cy="8" r="5" fill="none" strokeWidth="2" />,
  // Confirmed: a tick.
  confirmed: <path d="M3 8.5l3.2 3.2L13 4.8" fill="none" strokeWidth="2.4" />,
  // Arrived: a filled disc with a tick cut out.
  arrived: (
    <>
      <circle cx="8" cy="8" r="7" stroke="none" />
      <path d="M4.6 8.3l2.3 2.3 4.6-4.8" fill="none" strokeWidth="2" className="state-icon-cut" />
    </>
  ),
  // Running late (not here yet): a clock face.
  running_late: (
    <>
      <circle cx="8" cy="8" r="6" fill="none" strokeWidth="2" />
      <path d="M8 4.5V8l2.5 1.8" fill="none" strokeWidth="2" />
    </>
  ),
  // Arrived late: a filled clock.
  late: (
    <>
      <circle cx="8" cy="8" r="7" stroke="none" />
      <path d="M8 4.2V8l2.6 1.9" fill="none" strokeWidth="2" className="state-icon-cut" />
    </>
  ),
  // Did not come: a ring struck through.
  noshow: (
    <>
      <circle cx="8" cy="8" r="6" fill="none" strokeWidth="2" />
      <path d="M3.8 12.2l8.4-8.4" fill="none" strokeWidth="2" />
    </>
  ),
  // Cancelled: a cross.
  cancelled: <path d="M3.5 3.5l9 9M12.5 3.5l-9 9" fill="none" strokeWidth="2.4" />,
  // Wants a new time: a turning arrow.
  reschedule: (
    <>
      <path d="M12.5 8a4.5 4.5 0 1 1-1.6-3.4" fill="none" strokeWidth="2" />
      <path d="M9.3 2.6h3.6v3.6" fill="none" strokeWidth="2" />
    </>
  ),
  // Waiting to sync: an hourglass.
  waiting: (
    <path
      d="M4 2.5h8M4 13.5h8M5 2.5c0 3 6 3 6 5.5s-6 2.5-6 5.5M11 2.5c0 3-6 3-6 5.5s6 2.5 6 5.5"
      fill="none"
      strokeWidth="1.6"
    />
  ),
  // Needs attention: an exclamation mark in a triangle.
  attention: (
    <>
      <path d="M8 1.8L15 14H1z" stroke="none" />
      <path d="M8 6v4M8 11.6v.6" fill="none" strokeWidth="2" className="state-icon-cut" />
    </>
  ),
};

/** A state's icon (decoration: the state's words are in the accessible name beside it). */
export function StateIcon({ name, testId }: { name: StateIconName; testId?: string }) {
  return stateIcon(name, testId);
}

/**
 * The icon's element itself, for a parent to draw in its own render (a day's blocks each draw one or two: as a
 * component of its own, each was one more for React to render).
 */
export function stateIcon(name: StateIconName, testId?: string) {
  return (
    <svg
      className={`state-icon state-icon-${name}`}
      viewBox="0 0 16 16"
      aria-hidden="true"
      focusable="false"
      data-icon={name}
      {...(testId ? { 'data-testid': testId } : {})}
    >
      {SHAPES[name]}
    </svg>
  );
}
