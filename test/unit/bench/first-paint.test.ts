/**
 * What the first paint waits for, counted from the sources (test/bench/static-imports.ts): the renderer's entry reaches
 * React, the link to core and the window's frame only — no zod, no store, no screen; the app and the schedule are
 * chunks of their own, fetched beside it (bench row 1 weighs the result) —, the schedule's first render reaches no
 * react-aria (bench row 2b), and the sandboxed preload reaches electron alone, no zod.
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

  it('starts with a script that reaches the link to core alone: a drawn first screen paints first', () => {
    // renderer/boot.ts runs the entry once the frame of a first screen the host drew has been painted; the link to core
    // opens before it (renderer/main/first-answers.ts), with no package, no React, no zod, no store, no screen.
    const { files, packages } = staticGraph('renderer/boot.ts');
    expect([...packages.keys()], 'packages the first script reaches').toEqual([]);
    const scripts = [...files.keys()].filter((f) => !f.endsWith('.css') && f !== 'renderer/boot.ts');
    expect(scripts, 'the link to core, opened by the first script').toContain('renderer/main/first-answers.ts');
    expect(
      scripts.filter(
        (f) => !/^renderer\/(main\/first-(answers|frame)\.ts|lib\/)|^common\/(?!contract|channels\/|model\/)/.test(f),
      ),
      'scripts the first script reaches beyond the link',
    ).toEqual([]);
    expect(
      scripts.filter((f) => /^renderer\/lib\/.*store|^renderer\/lib\/practice-time/.test(f)),
      'stores the first script reaches',
    ).toEqual([]);
    // The schedule's first read, which the link sends once core told the session (maybe before that frame), reaches
    // the days' arithmetic alone: no React, no store.
    const read = staticGraph('renderer/lib/first-read.ts');
    expect([...read.packages.keys()].sort(), 'packages the first read reaches').toEqual(['@date-fns/tz', 'date-fns']);
    expect(
      [...read.files.keys()].filter(
        (f) => /^renderer\/(stores|features)\/|practice-time\.ts$/.test(f) && !f.startsWith('common/'),
      ),
      'stores the first read reaches',
    ).toEqual([]);
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

  it('leaves react-aria out of the schedule’s first render: its parts come in a chunk after the paint', () => {
    // The calendar screen (in the app's chunk) and the schedule screen's chunk it fetches: what the grid's first render
    // waits for. react-aria is about 400 KB to fetch and run; features/calendar/later-parts.ts loads it afterwards.
    const rendered = ['renderer/features/calendar/CalendarView.tsx', 'renderer/features/calendar/ScheduleScreen.tsx'];
    const graphs = rendered.map((entry) => staticGraph(entry));
    const files = graphs.flatMap((g) => [...g.files.keys()]);
    expect(files, 'the schedule’s first render reaches its bar and grid').toEqual(
      expect.arrayContaining([
        'renderer/features/calendar/ScheduleToolbar.tsx',
        'renderer/features/calendar/TimeGrid.tsx',
        'renderer/features/calendar/MoreCluster.tsx',
      ]),
    );
    const aria = graphs.flatMap((g) =>
      [...g.packages]
        .filter(([name]) =>
          /^(react-aria|react-stately|@react-aria\/|@react-stately\/|@internationalized\/)/.test(name),
        )
        .map(([name, via]) => `${name}: ${via.join(' → ')}`),
    );
    expect(aria, 'react-aria reached by the schedule’s first render').toEqual([]);
  });

  it('leaves zod out of the sandboxed preload', () => {
    const { packages } = staticGraph('preload/index.ts');
    expect([...packages.keys()], 'packages the preload reaches').toEqual(['electron']);
  });
});
