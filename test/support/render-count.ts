/**
 * Counts how many times components render, by name, from React's own commits: installs the hook React DevTools uses
 * (React calls it after each commit with the whole tree). A component rendered in a commit has props it has not had
 * before (its parent made them anew) or, rendered for its own state, new hooks (React copies them at each render);
 * one React skipped (memo, or its parent was not drawn) keeps both. Import this before anything that loads react-dom
 * (first in the test file): React looks for the hook when it loads.
 */

interface Fiber {
  type: unknown;
  memoizedProps: unknown;
  memoizedState: unknown;
  child: Fiber | null;
  sibling: Fiber | null;
}

const seen = new WeakSet<object>();
const counts = new Map<string, number>();

function walk(fiber: Fiber | null): void {
  for (let f = fiber; f; f = f.sibling) {
    if (typeof f.type === 'function') {
      const marks = [f.memoizedProps, f.memoizedState].filter((o): o is object => !!o && typeof o === 'object');
      if (marks.some((o) => !seen.has(o))) {
        const name = (f.type as { name?: string }).name ?? '';
        counts.set(name, (counts.get(name) ?? 0) + 1);
      }
      marks.forEach((o) => seen.add(o));
    }
    walk(f.child);
  }
}

(globalThis as { __REACT_DEVTOOLS_GLOBAL_HOOK__?: unknown }).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
  supportsFiber: true,
  isDisabled: false,
  renderers: new Map(),
  inject: () => 1,
  checkDCE: () => undefined,
  onCommitFiberRoot: (_id: number, root: { current: Fiber }) => walk(root.current),
  onCommitFiberUnmount: () => undefined,
  onPostCommitFiberRoot: () => undefined,
};

/** Renders of the function component named `name` since the last `resetRenders()` (or since loading). */
export const rendersOf = (name: string): number => counts.get(name) ?? 0;

/** Starts counting again from zero. */
export const resetRenders = (): void => counts.clear();
