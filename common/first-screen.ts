/**
 * The first screen a host writes into the page it serves: the saved schedule of today, drawn by the renderer's own
 * components from what core has kept, so a reload paints the day in its first frame instead of after the app's code,
 * the link to core and two round trips. The page is not usable until the app's code has run; the drawn screen is
 * inert and hidden from assistive technology, and the app takes its place as soon as it has painted its own.
 *
 * The renderer builds the drawing (`renderer/first-screen/`, a module of its own run by the host), the host gathers
 * what it draws from core's saved answers only (never a service read) and writes it into the page:
 * `main/core/first-screen.ts`. Types only: nothing here runs.
 */
import type { Agenda, AppInfo, AuthStatus, CalendarList, Connectivity, ThemeChoice } from './contract';

/** What the first screen is drawn from: the answers the page itself would ask core for first. */
export interface FirstScreenInput {
  /** `auth:status`: signed in, naming the practice's zone. */
  status: AuthStatus;
  /** `app:theme`. */
  theme: ThemeChoice;
  /** `calendar:calendars`, as saved. */
  calendars: CalendarList;
  /** `calendar:range` for `range`, as saved. */
  agenda: Agenda;
  /** The range drawn (`FirstScreenRenderer.range`). */
  range: { begin: string; end: string };
  /** Epoch ms the screen is drawn at (the host's clock). */
  now: number;
  /** `app:connectivity`, when core knows it (the status bar and the saved answer's notice say it). */
  connectivity?: Connectivity;
  /** `app:info` (the header's About shows once the app has it, as it has at its first paint). */
  info?: AppInfo;
}

/** The drawn screen, for the host to write into the page. */
export interface FirstScreenMarkup {
  /** The screen's markup: no `style` attribute, no script, no event handler (the page's CSP refuses inline styles). */
  html: string;
  /** The rules that place what the markup draws (its `style` attributes, moved), for a `<style>` with the page's nonce. */
  css: string;
  /** Stylesheets the screen needs beyond the page's own (the schedule's chunk's), as paths under the page's origin. */
  stylesheets: string[];
}

/** What the renderer gives the host. */
export interface FirstScreenRenderer {
  /** The range the schedule shows first for this session at `now`; null when there is no first screen to draw. */
  range(status: AuthStatus, now: number): { begin: string; end: string } | null;
  /** The screen, or null when it cannot be drawn from this input (the page then starts as it would without one). */
  render(input: FirstScreenInput): FirstScreenMarkup | null;
}
