/**
 * The first screen a host writes into the page it serves (common/first-screen.ts): today's schedule as the app's first
 * paint shows it at a start with a session kept, drawn by the app's own components (FirstScreen.tsx) with
 * react-dom/server from core's saved answers, so a reload shows the day in its first frame. Built for Node by
 * `npm run build` (vite.first-screen.config.mts, out/first-screen/index.mjs); the hosts load it by path.
 *
 * The page takes the copy away once the app has painted its own (lib/first-screen-cover.ts). What the app measures in
 * the page is drawn as its first render has it: the grid opens at the same hour (TimeGrid's `openingTop`, here a snap
 * point, as the copy runs no script to scroll), its lanes as wide as before the app has measured them.
 */
import React, { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { AuthStatus } from '../../common/contract';
import type { FirstScreenInput, FirstScreenMarkup, FirstScreenRenderer } from '../../common/first-screen';
import { openingTop } from '../features/calendar/TimeGrid';
import { dayKey, minutesIntoDay, usePracticeClock } from '../lib/practice-time';
import { rangeOf } from '../lib/schedule-range';
import { useAppStore } from '../stores/app-store';
import { useAuthStore } from '../stores/auth-store';
import { useCalendarStore } from '../stores/calendar-store';
import { useNavStore } from '../stores/nav-store';
import { FirstScreen } from './FirstScreen';
import { inertMarkup } from './markup-rules';

/** The element the host writes the markup into (common/first-screen.ts). */
const SCOPE = '#first-screen';
/** Element Timing's name for the copy's text (the bench's "shown": test/bench/page-rows.ts). */
export const FIRST_SCREEN_TIMING = 'fd-first-screen';
/** The attribute of the mark the copy's grid opens at. */
const OPENING_MARK = 'data-fs-open';

// The CSS files the copy needs beyond the page's own, put in by the build (vite.first-screen.config.mts) from the
// renderer build's manifest: the app's and the schedule's chunks'. Unset when run from source (tests).
declare const __FIRST_SCREEN_STYLESHEETS__: readonly string[] | undefined;
const stylesheets: readonly string[] =
  typeof __FIRST_SCREEN_STYLESHEETS__ === 'undefined' ? [] : [...__FIRST_SCREEN_STYLESHEETS__];

/** The signed-in session's practice zone, or null. */
function zoneOf(status: AuthStatus): string | null {
  const zone = status.state === 'signed_in' ? status.account?.zone : null;
  return zone && isZone(zone) ? zone : null;
}

/** True for a zone the clock can tell times in. */
function isZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Today's Day range in the practice's zone at `now`: what the page reads first (lib/first-read.ts). */
function firstRange(status: AuthStatus, now: number): { begin: string; end: string } | null {
  const zone = zoneOf(status);
  return zone ? rangeOf('day', dayKey(now, zone), zone) : null;
}

/**
 * Runs `draw` with the stores as the app's first paint has them, on the host's clock: the server renderer reads a
 * store's state (zustand gives it the store's first state, which the app never renders) and `Date.now()` is `now`.
 * Synchronous, so nothing else runs meanwhile; every store it fills is put back as it was made.
 */
function asFirstPainted<T>(input: FirstScreenInput, anchor: string, zone: string, draw: () => T): T {
  const resets = [useAppStore, useAuthStore, useCalendarStore, useNavStore, usePracticeClock].map(
    (store: { setState(state: never, replace: true): void; getInitialState(): unknown }) => () =>
      store.setState(store.getInitialState() as never, true),
  );
  const react = React as { useSyncExternalStore: typeof React.useSyncExternalStore };
  const storeHook = react.useSyncExternalStore;
  const realNow = Date.now;
  const offline = input.connectivity?.state === 'offline';
  try {
    react.useSyncExternalStore = (subscribe, get) => storeHook(subscribe, get, get);
    Date.now = () => input.now;
    usePracticeClock.getState().setZone(zone);
    useAuthStore.setState({ status: input.status });
    useAppStore.setState({
      theme: input.theme,
      ...(input.connectivity ? { connectivity: input.connectivity } : {}),
      ...(input.info ? { info: input.info } : {}),
    });
    useNavStore.setState({ screen: 'calendar' });
    useCalendarStore.setState({
      view: 'day',
      anchor,
      calendars: input.calendars.calendars,
      items: input.agenda.items,
      // The saved answer is what the app paints first too; unless offline, the service's answer follows within a
      // moment and takes the saved one's notice away before the copy goes: drawn without it, the swap moves nothing.
      source: {
        source: input.agenda.source === 'cache' && !offline ? 'service' : input.agenda.source,
        fetchedAt: input.agenda.fetchedAt,
      },
      loading: false,
    });
    return draw();
  } finally {
    Date.now = realNow;
    react.useSyncExternalStore = storeHook;
    for (const reset of resets) reset();
  }
}

/** The schedule screen of `input`, or null when it is not today's Day range of a signed-in session. */
function render(input: FirstScreenInput): FirstScreenMarkup | null {
  const zone = zoneOf(input.status);
  const range = firstRange(input.status, input.now);
  if (!zone || !range || range.begin !== input.range.begin || range.end !== input.range.end) return null;
  const anchor = dayKey(input.now, zone);
  const markup = asFirstPainted(input, anchor, zone, () =>
    renderToStaticMarkup(createElement(FirstScreen, { account: input.status.account?.key ?? '' })),
  );
  const { html, rules } = inertMarkup(markup, SCOPE, (_tag, attributes): Record<string, string> => {
    const classes = ` ${attributes.get('class') ?? ''} `;
    return classes.includes(' grid-col-name ') || classes.includes(' schedule-title ')
      ? { elementtiming: FIRST_SCREEN_TIMING }
      : {};
  });
  // The grid opens where the app scrolls it (an hour before now). The copy has no script to scroll it: a mark placed at
  // that offset in the scroller is its one mandatory snap point, so the browser scrolls there itself as it lays the
  // page out, and no further than the day's end, as the app's scroll.
  const opening = openingTop(minutesIntoDay(input.now, zone), Infinity);
  const opened = html.replace(
    /(<div class="grid-scroll"[^>]*>)/,
    `$1<span ${OPENING_MARK}="" aria-hidden="true"></span>`,
  );
  const placing = [
    `${SCOPE} .grid-scroll{position:relative;scroll-snap-type:y mandatory}`,
    `${SCOPE} [${OPENING_MARK}]{position:absolute;top:${opening}px;left:0;width:1px;height:1px;scroll-snap-align:start}`,
  ];
  const theme = input.theme === 'system' ? [] : [`${SCOPE}{color-scheme:${input.theme}}`];
  const css = [...theme, ...placing, ...rules].join('\n');
  // Every value above is a number or a checked declaration: a `<` or `\` here would be a mistake, never drawn.
  if (/[<>\\@]/.test(css)) return null;
  return { html: opened, css, stylesheets: [...stylesheets] };
}

/** The renderer's half of the first screen, for the hosts (main/core/first-screen.ts). */
export const firstScreen: FirstScreenRenderer = { range: firstRange, render };
