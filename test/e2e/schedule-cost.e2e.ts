/**
 * What a day of the schedule costs the page, counted rather than timed (`npm run bench` times it): how many
 * appointment blocks React renders again when one appointment changes (and the timeline marks it leaves), and how many
 * blocks are size containers (each one a style pass of its own). A block is counted as React's own DevTools count a render: the commit hook React
 * calls for a DevTools extension is stood in by a counter before the app loads.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { FrontdeskPage } from './support/driver';
import { useStack } from './support/stack';
import { nextBusyDay, pinned, serviceCall, signedInSchedule } from './support/schedule';

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

const renders = (page: Page) => page.evaluate(() => (window as unknown as { __blockRenders: number }).__blockRenders);

/** A signed-in page on a busy day, with the block counter installed before the app loaded. */
async function countedSchedule(): Promise<FrontdeskPage> {
  const context = await stack.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(countBlockRenders);
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
    const { id, block } = await pinned(page.locator('[data-testid="appointment"]:has-text(" - ")').first());
    const before = await renders(page);
    const painted = () => page.evaluate(() => performance.getEntriesByName('fd:schedule-painted').length);
    const marks = await painted();
    await serviceCall(stack, 'PUT', '/v1/events', { events: [{ id, title: 'Changed elsewhere - Ida Count' }] });
    // The live updates bring it within 30 s.
    await block.filter({ hasText: 'Changed elsewhere - Ida Count' }).waitFor({ timeout: 30_000 });
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
});
