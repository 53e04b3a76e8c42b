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
