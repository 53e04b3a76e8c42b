/**
 * What the first paint waits for, counted from the sources (test/bench/static-imports.ts): the renderer's entry reaches
 * React, the link to core and the window's frame only — no zod, no store, no screen; the app and the schedule are
 * chunks of their own, fetched beside it (bench row 1 weighs the result) — and the sandboxed preload reaches electron
 * alone, no zod.
 */
import { describe, expect, it } from 'vitest';
import { runtimeImports, staticGraph } from '../../bench/static-imports';

describe('the JS the first paint waits for', () => {
  it('follows the imports that run, not type-only ones or import()', () => {
    const text = [
      "import { a } from './runs';",
      "import type { B } from './type-only';",
      "import { type C, type D } from './types-only';",
      "import { type E, f } from './some-types';",
      "import './side-effect.css';",
      "export { g } from './re-export';",
      "export type { H } from './type-re-export';",
      "const later = import('./chunk');",
    ].join('\n');
    expect(runtimeImports('x.ts', text)).toEqual(['./runs', './some-types', './side-effect.css', './re-export']);
  });

  it('is React and the link to core: no zod, no store, no screen', () => {
    const { files, packages } = staticGraph('renderer/main.tsx');
    const via = (name: string) => packages.get(name)?.join(' → ');
    expect(via('zod'), 'zod reached by the entry').toBeUndefined();
    expect([...packages.keys()].sort(), 'packages the entry reaches').toEqual(['react', 'react-dom']);
    const app = [...files.keys()].filter((f) =>
      /^renderer\/(App\.tsx|stores\/|features\/)|^common\/(contract|channels\/|model\/)/.test(f),
    );
    expect(app, 'the app’s files the entry reaches').toEqual([]);
  });

  it('leaves zod out of the sandboxed preload', () => {
    const { packages } = staticGraph('preload/index.ts');
    expect([...packages.keys()], 'packages the preload reaches').toEqual(['electron']);
  });
});
