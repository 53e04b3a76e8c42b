/**
 * What a day of the schedule costs the page, counted rather than timed (`npm run bench` times it): how many
 * appointment blocks React renders again when one appointment changes (and the timeline marks it leaves), how many
 * blocks are size containers (each one a style pass of its own), and how many columns a scroll restyles whole. A block
 * is counted as React's own DevTools count a render: the commit hook React calls for a DevTools extension is stood in
 * by a counter before the app loads.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { FrontdeskPage } from './support/driver';
import { useStack } from './support/stack';
import { appointmentsNamed, nextBusyDay, pinned, serviceCall, signedInSchedule } from './support/schedule';

const stack = useStack();

/**
 * Installed before the app loads: React tells it every commit, and it counts the appointment blocks (the component
 * whose element is the block's button) that rendered in it — mounted, or visited with work performed — walking only
 * the subtrees the commit changed, as React's DevTools do.
 */
function countBlockRenders(): void {
  interface Fiber {
    tag: number;
    flags: number;
    child: Fiber | null;
    sibling: Fiber | null;
    alternate: Fiber | null;
    type: unknown;
    memoizedProps: Record<string, unknown> | null;
  }
  const PERFORMED_WORK = 1;
  const w = window as unknown as { __blockRenders: number; __REACT_DEVTOOLS_GLOBAL_HOOK__: unknown };
  w.__blockRenders = 0;
  const isBlock = (f: Fiber) =>
    typeof f.type !== 'string' &&
    f.child?.type === 'button' &&
    f.child.memoizedProps?.['data-testid'] === 'appointment';
  const mounted = (f: Fiber | null): void => {
    for (let c = f; c; c = c.sibling) {
      if (isBlock(c)) w.__blockRenders++;
      mounted(c.child);
    }
  };
  const updated = (next: Fiber, prev: Fiber): void => {
    if (isBlock(next) && (next.flags & PERFORMED_WORK) !== 0) w.__blockRenders++;
    if (next.child === prev.child) return; // bailed out: nothing under it rendered
    for (let c = next.child; c; c = c.sibling) {
      if (c.alternate) updated(c, c.alternate);
      else {
        if (isBlock(c)) w.__blockRenders++;
        mounted(c.child);
      }
    }
  };
  w.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject: () => 1,
    checkDCE: () => undefined,
    onScheduleFiberRoot: () => undefined,
    onCommitFiberUnmount: () => undefined,
    onPostCommitFiberRoot: () => undefined,
    onCommitFiberRoot: (_id: number, root: { current: Fiber }) => {
      const prev = root.current.alternate;
      if (prev) updated(root.current, prev);
      else mounted(root.current);
    },
  };
}

/** Installed before the app loads: the page's live timers (set and neither cleared nor fired), by id. */
function countTimers(): void {
  const live = new Set<number>();
  (window as unknown as { __liveTimers: Set<number> }).__liveTimers = live;
  const [setT, setI, clearT, clearI] = [setTimeout, setInterval, clearTimeout, clearInterval];
  const w = window as unknown as Record<string, unknown>;
  w.setTimeout = (fn: (...a: unknown[]) => void, ms?: number, ...args: unknown[]) => {
    const id = setT(
      (...a: unknown[]) => {
        live.delete(id);
        if (typeof fn === 'function') fn(...a);
      },
      ms,
      ...args,
    ) as unknown as number;
    live.add(id);
    return id;
  };
  w.setInterval = (fn: (...a: unknown[]) => void, ms?: number, ...args: unknown[]) => {
    const id = setI(fn, ms, ...args) as unknown as number;
    live.add(id);
    return id;
  };
  w.clearTimeout = (id: number) => (live.delete(id), clearT(id));
  w.clearInterval = (id: number) => (live.delete(id), clearI(id));
}

const renders = (page: Page) => page.evaluate(() => (window as unknown as { __blockRenders: number }).__blockRenders);

/** A signed-in page on a busy day, with the block counter installed before the app loaded. */
async function countedSchedule(): Promise<FrontdeskPage> {
  const context = await stack.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(countBlockRenders);
  await context.addInitScript(countTimers);
  const app = new FrontdeskPage(await context.newPage());
  await app.goto(stack.host.url);
  await signedInSchedule(app);
  await nextBusyDay(app);
  return app;
}

describe('the cost of a day', () => {
  it('one appointment changed elsewhere renders its block again, not every block in the page', async () => {
    const app = await countedSchedule();
    const page = app.page;
    const shown = await page.getByTestId('appointment').count();
    expect(shown).toBeGreaterThan(2);
    expect(await renders(page)).toBeGreaterThanOrEqual(shown); // the counter sees the blocks
    const { id, block } = await pinned(appointmentsNamed(page, ' - ').first());
    // The patients' texts are read after the first paint: a block whose patient replied is drawn again to say so (its
    // name says the reply), so they are in before counting.
    await page.getByLabel(/^\d+ unread texts?$/).waitFor();
    const before = await renders(page);
    const painted = () => page.evaluate(() => performance.getEntriesByName('fd:schedule-painted').length);
    const marks = await painted();
    await serviceCall(stack, 'PUT', '/v1/events', { events: [{ id, title: 'Changed elsewhere - Ida Count' }] });
    // The live updates bring it within 30 s.
    await appointmentsNamed(page, 'Changed elsewhere - Ida Count').and(block).waitFor({ timeout: 30_000 });
    const again = (await renders(page)) - before;
    expect(again).toBeGreaterThanOrEqual(1);
    expect(again, `${again} of ${shown} blocks rendered again for one changed appointment`).toBeLessThanOrEqual(2);
    // A live update is no data arrival the bench times: it leaves no mark in the page's timeline (a day of them would
    // each stay there until the page closes).
    expect(await painted()).toBe(marks);
    await page.context().close();
  });

  it('no appointment block is a size container (each was a style pass of its own)', async () => {
    const app = await countedSchedule();
    const page = app.page;
    const containers = await page
      .getByTestId('appointment')
      .evaluateAll((blocks) => blocks.filter((b) => getComputedStyle(b).containerType !== 'normal').length);
    expect(await page.getByTestId('appointment').count()).toBeGreaterThan(2);
    expect(containers).toBe(0);
    await page.context().close();
  });

  it('a block lays out no box of words for screen readers: its name says what it does not show', async () => {
    const app = await countedSchedule();
    const page = app.page;
    // The visually hidden pattern (a 1 px box clipped away, out of the flow): each one is a box of its own whose words
    // are laid out. A small block had one (its title, state and badges), and its day period in a narrow lane was one
    // more; its name says them now (renderer/features/calendar/block-label.ts), an attribute with no box at all.
    const boxes = await page.getByTestId('appointment').evaluateAll((blocks) =>
      blocks.map((b) => ({
        id: b.dataset.id,
        boxes: [...b.querySelectorAll<HTMLElement>('*')].filter(
          (el) => el.getClientRects().length > 0 && getComputedStyle(el).clipPath === 'inset(50%)',
        ).length,
        small: b.querySelector('.appt-who') !== null,
        named: b.hasAttribute('aria-label'),
      })),
    );
    expect(boxes.filter((b) => b.small).length, 'small blocks in view').toBeGreaterThan(0);
    expect(boxes.filter((b) => b.small && !b.named)).toEqual([]);
    expect(boxes.filter((b) => b.boxes > 0)).toEqual([]);
    await page.context().close();
  });

  it('hours scrolled into view restyle what came in, not every block of each column', async () => {
    const app = await countedSchedule();
    const page = app.page;
    const grid = page.locator('[data-testid="time-grid"] .grid-scroll');
    const lines = () => page.locator('.grid-line').evaluateAll((all) => all.map((l) => (l as HTMLElement).style.top));
    const before = await lines();
    // Chromium's own record of style invalidations: one that "invalidates subtree" at a column restyles every block in
    // it (a stylesheet rule with a sibling combinator and no class on its right did that for each hour line).
    const cdp = await page.context().newCDPSession(page);
    const events: { name: string; args?: { data?: { reason?: string; nodeName?: string } } }[] = [];
    cdp.on('Tracing.dataCollected', (e) => events.push(...(e.value as unknown as typeof events)));
    await cdp.send('Tracing.start', {
      categories: 'devtools.timeline,disabled-by-default-devtools.timeline.invalidationTracking',
      transferMode: 'ReportEvents',
    });
    await grid.evaluate((el) => el.scrollBy({ top: 4 * 48 })); // four hours on: other hour lines drawn
    await expect.poll(async () => (await lines()).join() !== before.join()).toBe(true);
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    const done = new Promise((ok) => cdp.once('Tracing.tracingComplete', ok));
    await cdp.send('Tracing.end');
    await done;
    // The lines drawn are recorded (so the record is there), each as a node put in the page.
    expect(events.filter((e) => e.name === 'StyleRecalcInvalidationTracking').length).toBeGreaterThan(0);
    const wholeColumns = events.filter(
      (e) =>
        e.name === 'StyleInvalidatorInvalidationTracking' &&
        e.args?.data?.reason === 'Invalidation set invalidates subtree' &&
        /grid-col|grid-gutter|grid-body/.test(e.args.data.nodeName ?? ''),
    );
    expect(wholeColumns.length, `${wholeColumns.length} columns restyled whole for a few hour lines`).toBe(0);
    await page.context().close();
  });

  it('a stretch of the day (every screen, changes, texts) leaves no more listeners or timers than it found', async () => {
    const app = await countedSchedule();
    const page = app.page;
    const cdp = await page.context().newCDPSession(page);
    const nav = page.getByRole('navigation', { name: 'Screens' });
    // Each screen's tab by its label (a tab's name may end with its count: "Messages 2 unread texts").
    const screens = (
      await nav.getByRole('button').evaluateAll((tabs) => tabs.map((t) => t.childNodes[0]?.textContent?.trim() ?? ''))
    ).map((label) => new RegExp(`^${label}`));
    /** Every screen once, back to the Calendar; listeners and live timers counted there. */
    const round = async () => {
      for (const name of screens) await nav.getByRole('button', { name }).click();
      await nav.getByRole('button', { name: /^Calendar/ }).click();
      await page.locator('[data-testid="calendar"][data-loading="false"]').waitFor();
      await page.getByTestId('appointment').first().waitFor();
      await cdp.send('HeapProfiler.collectGarbage');
      return {
        listeners: (await cdp.send('Memory.getDOMCounters')).jsEventListeners,
        timers: await page.evaluate(() => (window as unknown as { __liveTimers: Set<number> }).__liveTimers.size),
      };
    };
    // Each screen's first visit loads its code and its data: counted after that.
    const found = await round();
    const { id } = await pinned(appointmentsNamed(page, ' - ').first());
    for (let i = 0; i < 3; i++) {
      await serviceCall(stack, 'PUT', '/v1/events', { events: [{ id, title: `Changed ${i} - Ida Count` }] });
      await fetch(`${stack.sandbox.url}/__sandbox/inbound`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ phone_number: '+13125550188', content: `On my way ${i}` }),
      });
      await round();
    }
    // A round may end with a read or a retry's timer still in flight (one more for a moment): what leaks stays, so the
    // count is looked at again until it is back, or the poll's time runs out.
    await expect
      .poll(async () => {
        const left = await round();
        return left.listeners <= found.listeners && left.timers <= found.timers ? 'not more' : JSON.stringify(left);
      })
      .toBe('not more');
    await page.context().close();
  });
});
