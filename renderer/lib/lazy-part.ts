/**
 * A part of the app loaded when first shown (React.lazy), whose code failed to load told apart from a part that
 * failed to draw: `CodeNotLoaded`, which only a reload mends (the browser keeps a failed module load).
 */
import { lazy, type ComponentType } from 'react';

/** A part's code did not load (its file could not be fetched or run). */
export class CodeNotLoaded extends Error {
  constructor(cause: unknown) {
    super('a part of Frontdesk did not load', { cause });
    this.name = 'CodeNotLoaded';
  }
}

/** `React.lazy` of the component `load` resolves to; a failed load rejects with `CodeNotLoaded`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as React.lazy's own bound
export function lazyPart<T extends ComponentType<any>>(load: () => Promise<T>) {
  return lazy(() =>
    load().then(
      (component) => ({ default: component }),
      (error: unknown) => {
        throw new CodeNotLoaded(error);
      },
    ),
  );
}
