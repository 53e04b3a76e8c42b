/**
 * A read of the screens that does not end: the run stops with which tabs no longer answer and where each one's script
 * was, rather than waiting out the whole test's time with nothing said. A tab's page that never answers a read (its
 * script busy for ever) otherwise holds the run until vitest's timeout, with no step named.
 */
import type { Page } from 'playwright-core';

/** The tabs that stopped answering, and what each was doing. */
export class StuckTabs extends Error {
  constructor(what: string, stuck: string[]) {
    super(`${what} did not end in time; tabs not answering: ${stuck.length ? stuck.join('; ') : 'none (all answer)'}`);
    this.name = 'StuckTabs';
  }
}

/** Timers the watchdog runs on (the test's own, faked in its unit test). */
export interface WatchdogTimers {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/**
 * `read`, or a StuckTabs after `ms` naming each tab `probe` finds not answering (its answer: where its script is, or
 * why that could not be read). `probe` gives null for a tab that answers.
 */
export async function withinOrStuck<T>(
  what: string,
  read: Promise<T>,
  ms: number,
  tabs: readonly string[],
  probe: (tab: string) => Promise<string | null>,
  timers: WatchdogTimers = globalThis,
): Promise<T> {
  let handle: unknown;
  const late = new Promise<'late'>((done) => (handle = timers.setTimeout(() => done('late'), ms)));
  try {
    const first = await Promise.race([read, late]);
    if (first !== 'late') return first;
  } finally {
    timers.clearTimeout(handle);
  }
  read.catch(() => undefined); // never awaited now
  const stuck: string[] = [];
  for (const tab of tabs) {
    const why = await probe(tab);
    if (why !== null) stuck.push(`${tab} (${why})`);
  }
  throw new StuckTabs(what, stuck);
}

/** Null when `page` answers a script within `ms`; else where its script is (read by pausing it), or that it is busy outside script. */
export async function pageProbe(page: Page, ms = 5_000): Promise<string | null> {
  const within = async <T>(p: Promise<T>): Promise<T | 'late'> => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      return await Promise.race([p, new Promise<'late'>((done) => (timer = setTimeout(() => done('late'), ms)))]);
    } finally {
      clearTimeout(timer);
    }
  };
  if ((await within(page.evaluate(() => true).catch(() => 'gone' as const))) === true) return null;
  try {
    const cdp = await within(page.context().newCDPSession(page));
    if (cdp === 'late') return 'its page does not answer, nor a debugger asking to attach';
    const paused = new Promise<{
      callFrames: { functionName: string; url: string; location: { lineNumber: number } }[];
    }>((done) => cdp.once('Debugger.paused', done));
    void cdp.send('Debugger.enable').catch(() => undefined);
    void cdp.send('Debugger.pause').catch(() => undefined);
    const at = await within(paused);
    if (at === 'late') return 'its page does not answer, and its script cannot be paused';
    void cdp.send('Debugger.resume').catch(() => undefined);
    const frames = at.callFrames
      .slice(0, 6)
      .map((f) => `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.location.lineNumber + 1}`);
    return `its script is at ${frames.join(' < ')}`;
  } catch (error) {
    return `its page does not answer (${(error as Error).message.split('\n')[0]})`;
  }
}

/**
 * Whether `page` draws a frame within `ms`. Headless Chromium here has stopped drawing one tab now and then while its
 * script still answered (seen on the Agenda tab, after an offline stretch): no frame, so no scroll event reaches the
 * list's virtualiser and it keeps the rows it had, a screenshot never ends, and neither does bringing the tab forward.
 * A page that does not answer at all draws nothing either.
 */
export async function drawsFrames(page: Page, ms = 2_000): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([
      page
        .evaluate(
          (wait) =>
            new Promise<boolean>((done) => {
              const late = setTimeout(() => done(false), wait);
              requestAnimationFrame(() => {
                clearTimeout(late);
                done(true);
              });
            }),
          ms,
        )
        .catch(() => false),
      new Promise<boolean>((done) => (timer = setTimeout(() => done(false), ms + 3_000))),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** A tab found not drawing, and what reloading it did. */
export interface Stall {
  tab: string;
  revived: boolean;
}

/**
 * Checks every tab draws (`draws`), and reloads (`reload`) each that does not, once; returns those found stalled. The
 * tabs are checked side by side; a reload that fails is reported as not revived (the reads then say what it shows).
 */
export async function reviveStalled(
  tabs: readonly string[],
  draws: (tab: string) => Promise<boolean>,
  reload: (tab: string) => Promise<void>,
): Promise<Stall[]> {
  const stalled = (await Promise.all(tabs.map(async (tab) => ((await draws(tab)) ? null : tab)))).filter(
    (tab): tab is string => tab !== null,
  );
  const stalls: Stall[] = [];
  for (const tab of stalled) {
    const revived = await reload(tab).then(
      () => draws(tab),
      () => false,
    );
    stalls.push({ tab, revived });
  }
  return stalls;
}
