/**
 * A page for renderer tests that run on the real core: its globals (jsdom) made after signing in, since in a page's
 * globals the sign-in's crypto answers are another realm's (the jsdom environment cannot sign in), and a window size,
 * since jsdom lays nothing out.
 */
import { builtinEnvironments } from 'vitest/runtime';
import type { FrontdeskCore } from '../../main/core/app-core';

/** Puts a page's globals in place; resolves with their teardown. */
export async function openPage(): Promise<() => void> {
  const dom = await builtinEnvironments.jsdom.setup(globalThis, {});
  // @ts-expect-error -- css.escape ships no types; react-aria needs the CSS.escape it installs (test/support/dom-setup.ts).
  await import('css.escape');
  return () => void dom.teardown(globalThis);
}

/** Gives every element a window `width` wide and tall enough for a whole day (the Day grid draws every hour); undo. */
export function layOutWindow(width: number): () => void {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 100_000 });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => width });
  Object.defineProperty(HTMLElement.prototype, 'scrollTo', { configurable: true, value: () => undefined });
  return () => {
    Reflect.deleteProperty(HTMLElement.prototype, 'clientHeight');
    Reflect.deleteProperty(HTMLElement.prototype, 'clientWidth');
    Reflect.deleteProperty(HTMLElement.prototype, 'scrollTo');
  };
}

/** Records, in order, the channel of every call the page makes on `core` from now on. */
export function recordCalls(core: Pick<FrontdeskCore, 'dispatch'>): string[] {
  const calls: string[] = [];
  const dispatch = core.dispatch.bind(core);
  core.dispatch = (channel, ...rest) => {
    calls.push(String(channel));
    return dispatch(channel, ...rest);
  };
  return calls;
}
