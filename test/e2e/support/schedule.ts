/** Helpers for the schedule e2e tests: a page with a size and theme, the sandbox seen directly, and screenshots. */
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { FrontdeskPage } from './driver';
import { plainWordsProblems } from './plain-words';
import type { Stack } from './stack';

/** Opens the app in a tab of the given size and colour scheme. */
export async function openSized(
  stack: Stack,
  options: { width?: number; height?: number; dark?: boolean; timezoneId?: string } = {},
): Promise<FrontdeskPage> {
  const context = await stack.newContext({
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
    colorScheme: options.dark ? 'dark' : 'light',
    ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
  });
  const fd = new FrontdeskPage(await context.newPage());
  await fd.goto(stack.host.url);
  return fd;
}

/** Signs in as the owner and waits for the schedule to show the day. */
export async function signedInSchedule(fd: FrontdeskPage): Promise<void> {
  // The host's core is shared by every tab of a stack: a later tab finds it signed in already. Decided once the page
  // has heard from core (data-auth is 'unknown' until then: a new tab of a signed-in core is not signed out).
  await fd.page.locator('[data-testid="app"]:not([data-auth="unknown"])').waitFor();
  const auth = await fd.page.getByTestId('app').getAttribute('data-auth');
  if (auth !== 'signed_in') await fd.signIn('owner@frontdesk.test');
  await fd.waitForAuth('signed_in');
  await scheduleSettled(fd);
}

/** Waits until the schedule is loaded. */
export async function scheduleSettled(fd: FrontdeskPage): Promise<void> {
  await fd.page.locator('[data-testid="calendar"][data-loading="false"]').waitFor();
}

/** Saves a viewport screenshot under test-results/screenshots/. */
export async function shot(fd: FrontdeskPage, name: string): Promise<void> {
  const path = `test-results/screenshots/${name}.png`;
  mkdirSync(dirname(path), { recursive: true });
  await fd.page.screenshot({ path });
}

/** The two window sizes every screen is looked at in. */
const SIZES = [
  [1280, 800],
  [1024, 700],
] as const;

/**
 * Screenshots (`<name>-<size>-<theme>`), axe and plain words in both themes at both sizes; every problem found. The
 * page is left at 1280×800, light.
 */
export async function everyLook(app: FrontdeskPage, name: string): Promise<string[]> {
  const problems: string[] = [];
  for (const [width, height] of SIZES)
    for (const dark of [false, true]) {
      await app.page.setViewportSize({ width, height });
      await app.page.emulateMedia({ colorScheme: dark ? 'dark' : 'light' });
      const tag = `${name}-${width}x${height}-${dark ? 'dark' : 'light'}`;
      await shot(app, tag);
      problems.push(...(await axeProblems(app)).map((p) => `${tag}: ${p}`));
    }
  await app.page.setViewportSize({ width: 1280, height: 800 });
  await app.page.emulateMedia({ colorScheme: 'light' });
  problems.push(...(await plainWordsProblems(app.page, name)));
  return problems;
}

/**
 * Serious and critical axe findings on the page, as "id: target" lines.
 *
 * Run in the page itself (axe's "legacy" mode; the app has no frames). The default mode finishes each run in a blank
 * tab of the same browser context, and closing it leaves the app's tab in the background, where Chromium draws it a
 * frame or two a second: every step after the first scans waited on a throttled page, the six-scan schedule looks
 * took 42–58 s on a loaded machine and one ran out of its 60 s.
 */
export async function axeProblems(fd: FrontdeskPage): Promise<string[]> {
  const result = await new AxeBuilder({ page: fd.page }).setLegacyMode(true).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} — ${n.failureSummary ?? ''}`));
}

/** A request to the sandbox's API as the owner (ground truth and writes from elsewhere). */
export async function serviceCall<T = Record<string, unknown>>(
  stack: Stack,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const owner = stack.sandbox.users.find((u) => u.email === 'owner@frontdesk.test')!;
  const res = await fetch(`${stack.sandbox.url}${path}`, {
    method,
    headers: {
      authorization: `Basic ${Buffer.from(`${owner.email}:${owner.apiKey}`).toString('base64')}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** The sandbox's counters. */
export async function stats(stack: Stack): Promise<{ eventMarks: number; eventsWritten: number }> {
  const res = await fetch(`${stack.sandbox.url}/__sandbox/stats`);
  return (await res.json()) as { eventMarks: number; eventsWritten: number };
}

/** Sets or clears sandbox faults. */
export async function faults(stack: Stack, body: Record<string, unknown> | null): Promise<void> {
  await fetch(`${stack.sandbox.url}/__sandbox/faults`, {
    method: body ? 'POST' : 'DELETE',
    ...(body ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {}),
  });
}

/**
 * The appointment a positional locator (`.first()`, `.nth(i)`) points at now, held from here on by its id. A
 * positional locator is looked up again at each use, and the grid may re-order its blocks when fresher data
 * arrives: a later click must reach the appointment the test read, not whichever block is n-th by then.
 */
export async function pinned(block: Locator): Promise<{ id: number; block: Locator }> {
  const id = await block.getAttribute('data-id');
  if (!id) throw new Error('pinned: the block has no data-id');
  return { id: Number(id), block: block.page().locator(`[data-testid="appointment"][data-id="${id}"]`) };
}

/**
 * The appointments of the page (or inside `scope`) whose accessible name says `text` (a part of it, in any case): a
 * small block of the grid shows its time and whom it is for, and says its title and states in its name alone
 * (renderer/features/calendar/block-label.ts), so its words in the page are not where to look for them.
 */
export function appointmentsNamed(scope: Page | Locator, text: string | RegExp): Locator {
  const page = 'page' in scope ? scope.page() : scope;
  return scope.getByTestId('appointment').and(page.getByRole('button', { name: text }));
}

/** What a block says to a screen reader: its label when it does not show all its words, else its words. */
export async function blockSays(block: Locator): Promise<string> {
  return block.evaluate((el) => el.getAttribute('aria-label') ?? (el as HTMLElement).innerText);
}

/**
 * Moves forward a day at a time (at most a week) until the shown day has appointments; returns how many. The Day grid
 * is then scrolled to the working day's start (today it opens near now, which late in the day leaves the first blocks
 * in the page under the sticky column heads): the tests' "first appointment" is one a receptionist can click.
 */
export async function nextBusyDay(fd: FrontdeskPage): Promise<number> {
  for (let i = 0; i < 8; i++) {
    await scheduleSettled(fd);
    const n = await fd.page.getByTestId('appointment').count();
    if (n > 2) {
      await toWorkingDayStart(fd);
      return fd.page.getByTestId('appointment').count();
    }
    await fd.page.getByRole('button', { name: 'Next day' }).click();
  }
  throw new Error('no day with appointments within a week');
}

/** Scrolls the Day / Week grid so 7:30 AM is at its top (a grid's hour read from its own hour lines). */
async function toWorkingDayStart(fd: FrontdeskPage): Promise<void> {
  const grid = fd.page.locator('[data-testid="time-grid"] .grid-scroll');
  if ((await grid.count()) === 0) return;
  await grid.evaluate((el) => {
    const tops = [...new Set([...el.querySelectorAll('.grid-line')].map((l) => (l as HTMLElement).offsetTop))].sort(
      (a, b) => a - b,
    );
    const hour = tops.length > 1 ? tops[1]! - tops[0]! : 48;
    el.scrollTop = 7.5 * hour;
  });
  // Two frames: the scroll event re-renders the blocks in view.
  await fd.page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );
}

/**
 * Scrolls the Day grid down the day, or the Agenda down its days, until `name`'s appointment is in view (both keep
 * only the rows in view, and the first free times depend on the hour the test runs); false when it is not shown.
 */
export async function reveal(app: FrontdeskPage, name: string): Promise<boolean> {
  const grid = app.page.locator('[data-testid="time-grid"] .grid-scroll, [data-testid="agenda"]').first();
  const block = appointmentsNamed(app.page, name);
  const { height, step } = await grid.evaluate((el) => ({ height: el.scrollHeight, step: el.clientHeight / 2 }));
  for (let top = 0; top < height; top += step) {
    await grid.evaluate((el, y) => {
      el.scrollTop = y;
    }, top);
    // Two frames: the scroll event re-renders the blocks in view.
    await app.page.evaluate(
      () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
    );
    if (await block.count()) {
      await block.first().scrollIntoViewIfNeeded();
      return true;
    }
  }
  return false;
}

/** Waits until the host's log says the read ahead after sign-in is complete (what support would see). */
export async function readAheadLogged(s: Stack): Promise<void> {
  await expect
    .poll(
      () => {
        try {
          return readFileSync(join(s.logDir, 'main.log'), 'utf8').includes('saved for offline work');
        } catch {
          return false;
        }
      },
      { timeout: 20_000, interval: 100 },
    )
    .toBe(true);
}
