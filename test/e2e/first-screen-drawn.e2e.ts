/**
 * The saved day a host writes into the page it serves (renderer/first-screen/, main/core/first-screen.ts), in Chromium
 * through the browser host: on a reload it is the page's first frame, drawn by the app's own components, under the
 * page's CSP (no style attribute, no script), and it looks as the app's own first paint does: the same hours of the
 * day, the same blocks in the same places. The app takes it away once it has painted its schedule
 * (renderer/lib/first-screen-cover.ts), and nothing of it can be found or focused meanwhile.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { FrontdeskPage } from './support/driver';
import { useStack } from './support/stack';

const stack = useStack();
/** The page's entry script: without it the page shows the host's drawing alone. */
const ENTRY = /\/assets\/index-[^/]*\.js$/;

/** How many pixels of two screenshots of one size differ visibly, compared in the page's canvas. */
async function pixelsApart(page: Page, a: Buffer, b: Buffer): Promise<{ differ: number; total: number }> {
  return page.evaluate(
    async ([a, b]) => {
      const load = (src: string) =>
        new Promise<HTMLImageElement>((ok, fail) => {
          const img = new Image();
          img.onload = () => ok(img);
          img.onerror = () => fail(new Error('screenshot did not load'));
          img.src = `data:image/png;base64,${src}`;
        });
      const pixels = (img: HTMLImageElement) => {
        const canvas = document.createElement('canvas');
        canvas.width = img.width;
        canvas.height = img.height;
        const ctx = canvas.getContext('2d')!;
        ctx.drawImage(img, 0, 0);
        return ctx.getImageData(0, 0, img.width, img.height).data;
      };
      const [ia, ib] = await Promise.all([load(a), load(b)]);
      if (ia.width !== ib.width || ia.height !== ib.height) return { differ: ia.width * ia.height, total: 1 };
      const [pa, pb] = [pixels(ia), pixels(ib)];
      let differ = 0;
      for (let i = 0; i < pa.length; i += 4)
        if (Math.abs(pa[i]! - pb[i]!) + Math.abs(pa[i + 1]! - pb[i + 1]!) + Math.abs(pa[i + 2]! - pb[i + 2]!) > 24)
          differ++;
      return { differ, total: pa.length / 4 };
    },
    [a.toString('base64'), b.toString('base64')] as const,
  );
}

describe('the saved day drawn into the page', () => {
  it('is the first frame of a reload, looks as the app’s first paint, and goes once the app has painted', async () => {
    const context = await stack.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: 'light' });
    const page = await context.newPage();
    const app = new FrontdeskPage(page);
    await app.goto(stack.host.url);
    const portal = await app.signIn('owner@frontdesk.test');
    await portal.close();
    await app.waitForAuth('signed_in');
    await page.waitForFunction(() => performance.getEntriesByName('fd:schedule-painted').length > 0);
    const titles = await page
      .locator('[data-testid="appointment"]')
      .evaluateAll((blocks) => blocks.map((b) => b.querySelector('.appt-time')?.textContent ?? ''));

    // The drawing alone: the page's own script never runs.
    await page.route(ENTRY, (route) => route.abort());
    await page.reload();
    const cover = page.locator('#first-screen');
    await cover.waitFor();
    expect(await cover.getAttribute('inert')).not.toBeNull();
    expect(await cover.getAttribute('aria-hidden')).toBe('true');
    // Each block the app's grid showed is drawn (the blocks of the hours in view), placed by the host's rules.
    const drawnTimes = await page
      .locator('#first-screen .appt .appt-time')
      .evaluateAll((els) => els.map((e) => e.textContent ?? ''));
    // (It may hold a few more above or below the view: the app keeps only those it measured in view.)
    for (const time of titles) expect(drawnTimes, `the block at ${time}`).toContain(time);
    // The hours' lines are placed by the host's rules (a block too, where the hours in view hold one).
    const placed = await page
      .locator('#first-screen .grid-line')
      .nth(1)
      .evaluate((el) => getComputedStyle(el).top);
    expect(placed, 'a line placed by a rule, not at the column’s top').not.toBe('0px');
    // Not found by what finds the app's own elements, and nothing in it takes focus.
    expect(await page.locator('#first-screen [data-testid], #first-screen [id], #first-screen [style]').count()).toBe(
      0,
    );
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('#first-screen') ?? null)).toBeNull();
    mkdirSync('test-results', { recursive: true });
    const drawn = await page.locator('#first-screen .time-grid').screenshot();
    await page.screenshot({ path: 'test-results/first-screen-drawn.png' });
    const cspRefusals = app.problems.filter((p) => /Content Security Policy/i.test(p));
    expect(cspRefusals, 'what the page’s CSP refused of the drawing').toEqual([]);

    // The app: it starts beneath the drawing and takes it away once its schedule is painted.
    await page.unroute(ENTRY);
    await page.reload();
    await page.waitForFunction(() => document.getElementById('first-screen') === null, undefined, {
      polling: 'raf',
    });
    const own = await page.locator('[data-testid="time-grid"]').screenshot();
    const painted = await page.evaluate(() => performance.getEntriesByName('fd:schedule-painted').length);
    expect(painted, 'the drawing stayed until the app’s schedule was painted').toBeGreaterThan(0);
    await page.screenshot({ path: 'test-results/first-screen-app.png' });
    const { differ, total } = await pixelsApart(page, drawn, own);
    expect(differ / total, `${differ} of ${total} pixels of the grid differ`).toBeLessThan(0.005);
    expect(app.problems.filter((p) => /Content Security Policy/i.test(p))).toEqual([]);
    await context.close();
  });
});
