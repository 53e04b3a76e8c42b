/**
 * No module-level state beside a store (ARCHITECTURE.md, "the data path"): a renderer file keeps what changes in a
 * zustand store (a field of its state, or the closure of its `create()`), and asks core through one query
 * (renderer/lib/query.ts), never through a counter of its own. Every renderer file is parsed and fails, by file and
 * line, on a top-level `let` or `var`, a top-level `const` holding a new Map, Set, WeakMap or WeakSet, or a top-level
 * mutable array — outside the named list below, each entry with why. A lookup table built from a constant is not
 * state: `new Set(CONSTANT)` of a string or frozen (`as const`, `Object.freeze`) list, a `ReadonlySet`/`ReadonlyMap`,
 * and a readonly or `as const` array.
 */
import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from '../../support/source-files';

/**
 * Module-level things that are infrastructure, not data: lists of functions (subscribers, resets) behind the one
 * bridge listener that hands them what main says, and a lazily fetched screen's code. File, name and why; an entry no
 * longer found fails the test.
 */
const ALLOWED: [file: string, name: string, why: string][] = [
  [
    'renderer/stores/session-reset.ts',
    'resets',
    'the registry of the stores’ reset functions (a list of functions, filled once at module load)',
  ],
  ['renderer/lib/store-changes.ts', 'takers', 'the functions handed each `store:changed` by its one bridge listener'],
  ['renderer/lib/store-changes.ts', 'off', 'the stop of that one bridge listener while it has takers'],
  ['renderer/lib/outbox-items.ts', 'takers', 'the functions the one outbox-item router hands items to, by route'],
  ['renderer/lib/outbox-items.ts', 'off', 'the stop of the router’s one bridge listener while it has takers'],
  ['renderer/lib/frontdesk.ts', 'linkListeners', 'the functions told when the browser host’s link drops or returns'],
  [
    'renderer/features/calendar/CalendarView.tsx',
    'loaded',
    'the schedule screen’s code once its chunk came (what `React.lazy` keeps): code, not data',
  ],
  ['renderer/features/calendar/CalendarView.tsx', 'loading', 'the one fetch of that chunk while it is on its way'],
];

const COLLECTIONS = new Set(['Map', 'Set', 'WeakMap', 'WeakSet']);

/** The expression under parentheses, `satisfies`, `!` and type casts other than `as const`. */
function unwrap(e: ts.Expression): ts.Expression {
  if (ts.isParenthesizedExpression(e) || ts.isSatisfiesExpression(e) || ts.isNonNullExpression(e))
    return unwrap(e.expression);
  if ((ts.isAsExpression(e) || ts.isTypeAssertionExpression(e)) && !isAsConst(e)) return unwrap(e.expression);
  return e;
}

const isAsConst = (e: ts.Node): boolean =>
  (ts.isAsExpression(e) || ts.isTypeAssertionExpression(e)) &&
  ts.isTypeReferenceNode(e.type) &&
  e.type.typeName.getText() === 'const';

/** `readonly T[]`, `ReadonlyArray<T>`, `ReadonlySet<T>`, `ReadonlyMap<K, V>`: the compiler refuses changes. */
const readonlyType = (type: ts.TypeNode | undefined): boolean =>
  type !== undefined &&
  ((ts.isTypeOperatorNode(type) && type.operator === ts.SyntaxKind.ReadonlyKeyword) ||
    (ts.isTypeReferenceNode(type) && /^Readonly(Array|Set|Map)$/.test(type.typeName.getText())));

/** Whether `e` is a constant a lookup table may be built from: a string, `as const`, `Object.freeze(…)`. */
function constant(e: ts.Expression, consts: Map<string, ts.VariableDeclaration>): boolean {
  if (ts.isStringLiteralLike(e) || isAsConst(e)) return true;
  if (ts.isParenthesizedExpression(e)) return constant(e.expression, consts);
  if (ts.isCallExpression(e) && e.expression.getText() === 'Object.freeze') return true;
  if (ts.isIdentifier(e)) {
    const decl = consts.get(e.text);
    return decl?.initializer !== undefined && (readonlyType(decl.type) || constant(decl.initializer, consts));
  }
  return false;
}

/** Every top-level piece of state of a file, as `file:line: what`. */
function moduleState(file: string, source: string): string[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const statements = sf.statements.filter(
    (s): s is ts.VariableStatement =>
      ts.isVariableStatement(s) && !s.modifiers?.some((m) => m.kind === ts.SyntaxKind.DeclareKeyword),
  );
  const consts = new Map<string, ts.VariableDeclaration>();
  for (const s of statements)
    if (s.declarationList.flags & ts.NodeFlags.Const)
      for (const d of s.declarationList.declarations) if (ts.isIdentifier(d.name)) consts.set(d.name.text, d);
  const hits: string[] = [];
  for (const s of statements) {
    const isConst = (s.declarationList.flags & ts.NodeFlags.Const) !== 0;
    for (const d of s.declarationList.declarations) {
      const name = d.name.getText(sf);
      const init = d.initializer && unwrap(d.initializer);
      let what: string | null = null;
      if (!isConst) what = `${s.declarationList.flags & ts.NodeFlags.Let ? 'let' : 'var'} ${name}`;
      else if (init && ts.isNewExpression(init) && ts.isIdentifier(init.expression)) {
        const kind = init.expression.text;
        const table =
          readonlyType(d.type) ||
          ((kind === 'Set' || kind === 'Map') && init.arguments?.length === 1 && constant(init.arguments[0]!, consts));
        if (COLLECTIONS.has(kind) && !table) what = `const ${name} = new ${kind}`;
        if (kind === 'Array' && !readonlyType(d.type)) what = `const ${name} = new Array`;
      } else if (init && ts.isArrayLiteralExpression(init) && !readonlyType(d.type))
        what = `const ${name} = [ … ] (a mutable array)`;
      if (what === null || ALLOWED.some(([f, n]) => f === file && n === name)) continue;
      const line = sf.getLineAndCharacterOfPosition(d.getStart(sf)).line + 1;
      hits.push(`${file}:${line}: ${what}`);
    }
  }
  return hits;
}

const rendererFiles = () => sourceFiles('renderer');

describe('no module-level state beside a store', () => {
  it('finds planted module state, and leaves constants and state inside functions alone', () => {
    const planted = [
      'let seq = 0;',
      'export let timer: ReturnType<typeof setTimeout> | undefined;',
      'const reading = new Map<number, Promise<unknown>>();',
      'const seen = new Set<string>() as Set<string>;',
      'const notified: { title: string }[] = [];',
      'var old = 1;',
      'const cache = new WeakMap<object, string>();',
      // Constants and lookup tables built from them.
      "const LETTERS = 'abc';",
      'const letters = new Set(LETTERS);',
      "const NAMES = ['a', 'b'] as const;",
      'const names = new Set(NAMES);',
      "const frozen = new Map(Object.freeze([['a', 1]] as [string, number][]));",
      "const SAME: ReadonlySet<string> = new Set(['title']);",
      "const VIEWS: readonly { view: string }[] = [{ view: 'day' }];",
      'const POLL_MS = 10_000;',
      'declare let ambient: number;',
      // State inside a function (a store's create() closure) is the store's.
      'export const useStore = create(() => { let timer = 0; const order = new Set<string>(); return { timer, order }; });',
      'function f() { let n = 0; return n++; }',
    ].join('\n');
    expect(moduleState('renderer/stores/x.ts', planted)).toEqual([
      'renderer/stores/x.ts:1: let seq',
      'renderer/stores/x.ts:2: let timer',
      'renderer/stores/x.ts:3: const reading = new Map',
      'renderer/stores/x.ts:4: const seen = new Set',
      'renderer/stores/x.ts:5: const notified = [ … ] (a mutable array)',
      'renderer/stores/x.ts:6: var old',
      'renderer/stores/x.ts:7: const cache = new WeakMap',
    ]);
    // A list built from something that is not a constant is state.
    expect(moduleState('renderer/lib/y.ts', 'const ids = load();\nconst known = new Set(ids);')).toEqual([
      'renderer/lib/y.ts:2: const known = new Set',
    ]);
    // The allow-list names a file and a name: the same name elsewhere is still found.
    expect(moduleState('renderer/lib/z.ts', 'let off: (() => void) | null = null;')).toEqual([
      'renderer/lib/z.ts:1: let off',
    ]);
  });

  it('no renderer file keeps state at module level outside the named registries', () => {
    const files = rendererFiles();
    const hits = files.flatMap((f) => moduleState(f, readFileSync(f, 'utf8')));
    expect(hits).toEqual([]);
  });

  it('every allowed registry is still there (a stale entry fails)', () => {
    for (const [file, name, why] of ALLOWED) {
      expect(why.length, `${file} ${name}: why`).toBeGreaterThan(10);
      const sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
      const declared = sf.statements.some(
        (s) => ts.isVariableStatement(s) && s.declarationList.declarations.some((d) => d.name.getText(sf) === name),
      );
      expect(declared, `${file} still declares ${name} at top level`).toBe(true);
    }
  });
});
