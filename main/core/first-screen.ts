/**
 * The first screen a host writes into the page it serves (common/first-screen.ts): today's saved schedule, drawn by
 * the renderer's own components (injected: core never loads renderer code), so a reload paints the day in its first
 * frame. Drawn from core's saved answers only — the saved calendar list and the range as `calendar:range` with
 * `savedFirst` answers it at once, the outbox's waiting changes laid over — never a service read. Anything that goes
 * wrong, or takes longer than a small budget, serves the page as built: the first screen is a head start, never a
 * condition of the page.
 *
 * What the renderer gives is checked before it is written: its rules go in a `<style>` with a nonce of this response
 * alone (the CSP names it; nothing else in the CSP loosens), so they must not close the element; its markup must hold
 * no element that could run, load or send anything; its stylesheets must be the renderer's own built files.
 */
import { randomBytes } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Agenda, AppInfo, AuthStatus, CalendarList, Connectivity, ThemeChoice } from '../../common/contract';
import type { FirstScreenInput, FirstScreenMarkup, FirstScreenRenderer } from '../../common/first-screen';
import type { Clock, Logger } from './platform';

/** What core lends the first screen: its current status and theme, and its saved answers (no service read). */
export interface FirstScreenSource {
  /** As `auth:status` answers now. */
  status(): AuthStatus;
  /** As `app:theme` answers now. */
  theme(): ThemeChoice;
  /** As `app:connectivity` answers now (the drawn status bar says it, and whether a saved day is shown as offline). */
  connectivity?(): Connectivity;
  /** As `app:info` answers (the drawn header's About shows with it, as in the app's first paint). */
  info?(): AppInfo;
  /** The calendar list as saved; null when none is. */
  savedCalendars(): Promise<CalendarList | null>;
  /** The range as `calendar:range` with `savedFirst` answers it at once; null when nothing is saved. */
  savedRange(begin: string, end: string): Promise<Agenda | null>;
  clock: Clock;
  log: Logger;
  /** The last drawing, kept for the next page drawn from the same answers (`FirstScreenDrawings`). */
  drawings?: FirstScreenDrawings;
}

/**
 * The last drawing and what it was drawn from. Drawing takes a few milliseconds of the host's one thread (more the first
 * time); a page asked for again with nothing changed — a reload, the window opened again — gets the same markup at
 * once. A host draws ahead while its page is quiet (`warm` in `pageWithFirstScreen`), so a reload finds it drawn. Only
 * the signed-in account's: it is forgotten whenever a page is asked for with no one signed in.
 */
export class FirstScreenDrawings {
  private last: { key: string; markup: FirstScreenMarkup } | null = null;
  /** Drawings made and drawings reused (tests count them). */
  readonly counts = { drawn: 0, reused: 0 };

  /** The markup for `input`: the kept one when it was drawn from the same input in the same half-minute. */
  draw(renderer: FirstScreenRenderer, input: FirstScreenInput): FirstScreenMarkup | null {
    // The drawing reads the clock to the minute (the now line, the hour it opens at); half-minutes keep both its
    // rounding and its flooring within one key.
    const key = JSON.stringify({ ...input, now: Math.floor(input.now / DRAWING_STEP_MS) });
    if (this.last?.key === key) {
      this.counts.reused++;
      return this.last.markup;
    }
    const markup = renderer.render(input);
    this.counts.drawn++;
    this.last = markup ? { key, markup } : null;
    return markup;
  }

  forget(): void {
    this.last = null;
  }

  /**
   * Milliseconds from `now` until a drawing made now is out of date by the clock alone (the next half-minute): a host
   * that draws ahead draws again then, so a page asked for after a long quiet finds the day drawn too.
   */
  static outOfDateIn(now: number): number {
    return DRAWING_STEP_MS - (((now % DRAWING_STEP_MS) + DRAWING_STEP_MS) % DRAWING_STEP_MS) + 1;
  }
}

/** A drawing is kept for the same input within one such step of the clock (FirstScreenDrawings). */
const DRAWING_STEP_MS = 30_000;

/** What a host passes beside the page. */
export interface FirstScreenOptions {
  /** The renderer's drawing (`renderer/first-screen/`, built); null: no first screen. */
  renderer: FirstScreenRenderer | null;
  /** The built renderer's folder: a stylesheet the screen names must be one of its files under `assets/`. */
  rendererDir: string;
  /** How long gathering the saved answers may take before the page goes out as built (default FIRST_SCREEN_BUDGET_MS). */
  budgetMs?: number;
}

/** The page with the first screen written in, and the nonce its `<style>` carries (the response's CSP must name it). */
export interface PageWithFirstScreen {
  html: string;
  nonce: string;
}

/** Gathering the saved answers takes a few milliseconds; past this the plain page goes out (its own start is as fast). */
const FIRST_SCREEN_BUDGET_MS = 100;

/** Elements that could run, load, send or redirect something, or break out of the screen's wrapper as raw text. */
const UNSAFE_ELEMENT = /<\/?\s*(script|style|link|meta|base|iframe|frame|object|embed|form|template|noscript)\b/i;
/** A stylesheet of the renderer's build: a file right under /assets/, named as Vite names them. */
const BUILT_STYLESHEET = /^\.?\/assets\/[A-Za-z0-9_.-]+\.css$/;
const ROOT = '<div id="root">';
const HEAD_END = '</head>';
const HTML_START = '<html';

/**
 * The renderer's built drawing (`renderer/first-screen/`, built to `out/first-screen/index.mjs`), loaded by path;
 * null when there is none at `path` or it is not one (logged).
 */
export async function loadFirstScreenRenderer(path: string, log: Logger): Promise<FirstScreenRenderer | null> {
  if (!(await isFile(path))) return null;
  try {
    const loaded = (await import(/* @vite-ignore */ pathToFileURL(path).href)) as { firstScreen?: unknown };
    const renderer = loaded.firstScreen as Partial<FirstScreenRenderer> | undefined;
    if (typeof renderer?.range === 'function' && typeof renderer.render === 'function')
      return renderer as FirstScreenRenderer;
    log.warn('the first screen’s module gives no drawing', {});
  } catch (error) {
    log.warn('the first screen’s module could not be loaded', { reason: (error as Error).message });
  }
  return null;
}

/**
 * `page` (the built index.html) with the first screen written in, or null for the page as built: not signed in with
 * a zone, no renderer, nothing saved for the range the renderer draws, or anything failing or slow (logged). Never
 * throws.
 */
export async function pageWithFirstScreen(
  core: { firstScreen: FirstScreenSource },
  page: string,
  options: FirstScreenOptions,
): Promise<PageWithFirstScreen | null> {
  const source = core.firstScreen;
  try {
    return await written(source, page, options);
  } catch (error) {
    source.log.warn('the first screen was left out of the page', { reason: (error as Error).message });
    return null;
  }
}

async function written(
  source: FirstScreenSource,
  page: string,
  options: FirstScreenOptions,
): Promise<PageWithFirstScreen | null> {
  const renderer = options.renderer;
  if (!renderer) return null;
  const status = source.status();
  const account = status.account;
  if (status.state !== 'signed_in' || !account?.zone) {
    source.drawings?.forget();
    return null;
  }
  if (!page.includes(ROOT) || !page.includes(HEAD_END) || !page.includes(HTML_START))
    throw new Error('the page has no place for a first screen');
  const now = source.clock.now();
  const range = renderer.range(status, now);
  if (!range) return null;
  const gathered = await withinBudget(
    source.clock,
    options.budgetMs ?? FIRST_SCREEN_BUDGET_MS,
    Promise.all([source.savedCalendars(), source.savedRange(range.begin, range.end)]),
  );
  if (gathered === 'late') throw new Error('the saved day took too long to read');
  const [calendars, agenda] = gathered;
  if (!calendars || !agenda) return null;
  // Signed out, or another account signed in, while the saved answers were read: draw nothing of the one before.
  const after = source.status();
  if (after.state !== 'signed_in' || after.account?.key !== account.key) return null;
  const theme = source.theme();
  const connectivity = source.connectivity?.();
  const info = source.info?.();
  const input: FirstScreenInput = {
    status,
    theme,
    calendars,
    agenda,
    range,
    now,
    ...(connectivity ? { connectivity } : {}),
    ...(info ? { info } : {}),
  };
  const markup = source.drawings ? source.drawings.draw(renderer, input) : renderer.render(input);
  if (!markup) return null;
  checkMarkup(markup);
  const stylesheets = await builtStylesheets(markup.stylesheets, options.rendererDir, source.log);
  const nonce = randomBytes(18).toString('base64');
  const head =
    // `crossorigin` as the page's own links and the app's chunk loader have them, so the app finds these loaded.
    stylesheets.map((href) => `<link rel="stylesheet" crossorigin href="${href}">`).join('') +
    `<style nonce="${nonce}">${markup.css}</style>`;
  const screen = `<div id="first-screen" inert aria-hidden="true">${markup.html}</div>`;
  // The theme chosen, as the app itself marks it on <html> as it starts (renderer/stores/app-store.ts), so the page's
  // own colours are the chosen ones in the first frame too.
  const themed =
    theme !== 'light' && theme !== 'dark'
      ? page
      : page.replace(HTML_START, () => `${HTML_START} data-theme="${theme}"`);
  const html = themed.replace(HEAD_END, () => head + HEAD_END).replace(ROOT, () => screen + ROOT);
  return { html, nonce };
}

/** Refuses rules that could close their `<style>`, and markup with an element that could run, load or send. */
function checkMarkup(markup: FirstScreenMarkup): void {
  if (markup.css.includes('<')) throw new Error('the screen’s rules could close their style element');
  if (UNSAFE_ELEMENT.test(markup.html)) throw new Error('the screen’s markup holds an element it may not');
}

/** The stylesheets that are the renderer's own built files; any other is dropped (and logged). */
async function builtStylesheets(hrefs: readonly string[], rendererDir: string, log: Logger): Promise<string[]> {
  const kept: string[] = [];
  for (const href of new Set(hrefs)) {
    const built = BUILT_STYLESHEET.test(href) && (await isFile(join(rendererDir, href)));
    if (built) kept.push(href);
    else log.warn('the first screen named a stylesheet that is not one of the renderer’s', {});
  }
  return kept;
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/** `work`'s answer, or 'late' when it has not come within `ms` on `clock` (a late failure is then ignored). */
async function withinBudget<T>(clock: Clock, ms: number, work: Promise<T>): Promise<T | 'late'> {
  let cancel: () => void = () => undefined;
  const late = new Promise<'late'>((done) => {
    cancel = clock.setTimeout(() => done('late'), ms);
  });
  work.catch(() => undefined);
  try {
    return await Promise.race([work, late]);
  } finally {
    cancel();
  }
}
