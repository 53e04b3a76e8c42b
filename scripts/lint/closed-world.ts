/**
 * Closed-world runtime boundaries (like Signal Desktop's file-suffix rule, but by folder): each runtime folder lists
 * what it MAY import — folders of this repo and packages — and everything else is an error. Static imports,
 * re-exports, `import()`, `require()` and `import('x').T` types are all checked, so `await import('electron')` in
 * core fails like a static import would.
 */
import { posix, relative } from 'node:path';
import type { Rule } from 'eslint';

/** What one runtime folder (or file) may import. */
export interface Runtime {
  /** Repo paths this entry governs: a folder ending in '/', or one file. The first matching entry wins. */
  files: string[];
  /** Repo paths it may import, without extension: a folder ending in '/', or one module. */
  may: string[];
  /** Packages it may import (subpaths included); 'node:*' allows Node's built-ins, always with the `node:` prefix. */
  packages: string[];
  /** Repo modules it may import with `import type` only (erased from its bundle), as `may` spells them. */
  typesFrom?: string[];
  /**
   * Its one `import()` of a computed name is a built file of this project's, by a path its hosts give (never a name
   * from input): the renderer's drawing of the first screen, run by the hosts without core importing renderer code.
   */
  loadsBuiltFile?: true;
  /** Why, in one line (shown in the error). */
  why: string;
}

const rendererPackages = [
  'react',
  'react-dom',
  'zustand',
  'zod',
  'date-fns',
  '@date-fns/tz',
  '@internationalized/date',
  '@tanstack/react-virtual',
  'react-aria-components',
  // The Numbers screen's charts (loaded with that screen only).
  '@visx/group',
  '@visx/scale',
  '@visx/shape',
];

/** The table. Most specific entries first. */
export const runtimes: Runtime[] = [
  {
    files: ['main/core/first-screen.ts'],
    may: ['main/core/', 'common/'],
    packages: ['node:*'],
    loadsBuiltFile: true,
    why: 'main/core/first-screen.ts loads the renderer’s built drawing by the path its host gives, and nothing else',
  },
  {
    files: ['main/core/'],
    may: ['main/core/', 'common/'],
    packages: ['node:*', 'zod', 'oauth4webapi', 'libphonenumber-js'],
    why: 'main/core is plain Node: platform capabilities come in through Platform, never from Electron or a host',
  },
  {
    files: ['main/electron/'],
    may: ['main/electron/', 'main/core/', 'common/'],
    packages: ['node:*', 'electron', 'electron-store', 'electron-log', 'zod'],
    why: 'main/electron holds the thin Electron adapters around core',
  },
  {
    files: ['main/browser-host/'],
    may: ['main/browser-host/', 'main/core/', 'common/', 'package.json'],
    packages: ['node:*', 'ws', 'conf', 'electron-log'],
    why: 'the browser host runs core in Node and serves the renderer over a WebSocket, without Electron',
  },
  {
    files: ['main/index.ts'],
    may: ['main/electron/', 'main/core/'],
    packages: ['node:*', 'electron'],
    why: 'main/index.ts wires the Electron adapters to core',
  },
  {
    files: ['common/'],
    may: ['common/'],
    packages: ['zod', 'libphonenumber-js'],
    why: 'common/ is compiled by core and the renderer alike: no runtime-specific imports, no DOM, no Node',
  },
  {
    files: ['preload/index.ts'],
    may: ['preload/'],
    packages: ['electron'],
    typesFrom: ['common/contract'],
    why: 'the preload exposes the bridge with contextBridge and ipcRenderer, nothing else',
  },
  {
    files: ['preload/'],
    may: ['preload/', 'common/channel-names', 'common/event-pacer'],
    packages: [],
    typesFrom: ['common/contract', 'common/bridge-transport'],
    why: 'the sandboxed preload builds the bridge from channel names alone: no zod, no schema, no runtime-specific imports',
  },
  {
    files: ['renderer/lib/'],
    may: [
      'renderer/',
      'common/contract',
      'common/bridge-transport',
      'common/ws-wire',
      'common/event-pacer',
      'common/parse-unknown',
      'common/retry-timer',
      // The one clock, shared with core (lib/practice-time.ts adds the zone core pushes with the session).
      'common/practice-time',
    ],
    packages: rendererPackages,
    why: 'renderer/lib builds the bridge; the renderer is a sandboxed page',
  },
  {
    files: ['renderer/stores/kept-contacts-store.ts'],
    // The page's copy of the contacts core keeps matches a name as core does: the one index and matching, shared.
    may: ['renderer/', 'common/contract', 'common/contacts/'],
    packages: rendererPackages,
    why: 'the page searches its copy of the kept contacts with core’s own index (common/contacts/)',
  },
  {
    files: ['renderer/first-screen/'],
    may: ['renderer/', 'common/contract'],
    packages: rendererPackages,
    typesFrom: ['common/first-screen'],
    why: 'the first screen is the renderer drawing itself for a host (common/first-screen.ts), with its own components',
  },
  {
    files: ['renderer/'],
    // Forms check themselves with the contract's schemas (lib/form-issues.ts); the finder's paste and the Messages
    // search tell a phone number with the same rules (common/input-rules.ts), so there is one phone matcher. The
    // schedule's live updates wait after failures with the one retrying timer (common/retry-timer.ts).
    may: ['renderer/', 'common/contract', 'common/input-rules', 'common/retry-timer'],
    packages: rendererPackages,
    why: 'the renderer is a sandboxed page: it reaches main only through lib/frontdesk.ts and the contract',
  },
  {
    files: ['test/sandbox/'],
    may: ['test/sandbox/'],
    packages: [
      'node:*',
      'fastify',
      '@fastify/cookie',
      '@fastify/formbody',
      'zod',
      'libphonenumber-js',
      'date-fns',
      '@date-fns/tz',
    ],
    why: 'the sandbox is a stand-in service of its own: it shares no code with the app',
  },
];

const covers = (entry: string, path: string): boolean =>
  entry.endsWith('/') ? path.startsWith(entry) : path === entry || path.startsWith(`${entry}/`);

/** The runtime governing a repo-relative file, if any. */
function runtimeOf(file: string): Runtime | undefined {
  return runtimes.find((r) => r.files.some((f) => covers(f, file)));
}

const packageName = (spec: string): string =>
  spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!;

/** Whether `runtime` may import `spec` from `file` (both repo-relative); `typeOnly` for an `import type`. */
function mayImport(runtime: Runtime, file: string, spec: string, typeOnly = false): boolean {
  if (spec.startsWith('.') || spec.startsWith('/')) {
    const target = posix.normalize(posix.join(posix.dirname(file), spec)).replace(/\.(tsx?|css|json)$/, '');
    const allowed = typeOnly ? [...runtime.may, ...(runtime.typesFrom ?? [])] : runtime.may;
    return allowed.some((m) => covers(m.replace(/\.(tsx?|css|json)$/, ''), target) || covers(m, `${target}/`));
  }
  if (spec.startsWith('node:')) return runtime.packages.includes('node:*') || runtime.packages.includes(spec);
  return runtime.packages.includes(packageName(spec));
}

const rule: Rule.RuleModule = {
  meta: {
    type: 'problem',
    docs: { description: 'Each runtime folder imports only what its entry in scripts/lint/closed-world.ts lists.' },
    schema: [],
  },
  create(context) {
    const file = relative(context.cwd, context.filename).split('\\').join('/');
    const runtime = runtimeOf(file);
    if (!runtime) return {};
    const check = (node: Rule.Node, source: unknown, typeOnly = false): void => {
      if (typeof source !== 'string') {
        if (runtime.loadsBuiltFile) return;
        context.report({ node, message: `${file}: import() of a computed name cannot be checked (${runtime.why}).` });
        return;
      }
      if (mayImport(runtime, file, source, typeOnly)) return;
      const hint = /^[a-z_]+$/.test(source) && !runtime.packages.includes(source) ? ' (Node built-ins: `node:`)' : '';
      context.report({
        node,
        message: `${file} may not import '${source}'${hint}: ${runtime.why}. It may import ${[...runtime.may, ...runtime.packages].join(', ')}.`,
      });
    };
    const literal = (n: unknown): unknown =>
      n && typeof n === 'object' && (n as { type?: string }).type === 'Literal' ? (n as { value: unknown }).value : n;
    // `import type` / `export type` (typescript-eslint's importKind/exportKind): erased from the bundle.
    const isType = (node: object, key: 'importKind' | 'exportKind'): boolean =>
      (node as Record<string, unknown>)[key] === 'type';
    return {
      ImportDeclaration: (node) => check(node as Rule.Node, node.source.value, isType(node, 'importKind')),
      ExportNamedDeclaration: (node) =>
        node.source && check(node as Rule.Node, node.source.value, isType(node, 'exportKind')),
      ExportAllDeclaration: (node) => check(node as Rule.Node, node.source.value),
      ImportExpression: (node) => check(node as Rule.Node, literal(node.source) ?? null),
      CallExpression: (node) => {
        if (node.callee.type === 'Identifier' && node.callee.name === 'require' && node.arguments.length > 0)
          check(node as Rule.Node, literal(node.arguments[0]) ?? null);
      },
      // TypeScript-only forms: `import('x').T` in a type, `import x = require('x')`.
      ...({
        TSImportType: (node: { argument?: { literal?: { value?: unknown } } } & Rule.Node) =>
          check(node, node.argument?.literal?.value ?? null, true),
        TSExternalModuleReference: (node: { expression?: { value?: unknown } } & Rule.Node) =>
          check(node, node.expression?.value ?? null),
      } as Rule.RuleListener),
    };
  },
};

/**
 * Layers inside a runtime (like VS Code's code-layering): a file may import only from its own layer or a lower one.
 * In a layer marked `apart`, each folder is a unit of its own and may not import another unit of that layer, except
 * through the unit's `index` when the layer says `throughIndex`. A `sealed` folder is entered only through its
 * `index`. Every module of a layered runtime has a layer: a new loose file must be placed here.
 */
interface Layer {
  /** Shown in the error. */
  name: string;
  /** Repo paths without extension: a folder ending in '/', or one module. */
  paths: string[];
  /** Units that may not import each other: each folder of `paths`, or each folder below each of `paths`. */
  apart?: 'paths' | 'subfolders';
  /** With `apart`: a unit may import another unit's `index` (its public face), and nothing else of it. */
  throughIndex?: boolean;
}

/** The layers of one runtime folder, lowest first. */
interface Layering {
  /** The runtime folder, ending in '/'. */
  root: string;
  layers: Layer[];
  /** Folders entered only through their `index` from outside them. */
  sealed: string[];
  why: string;
}

const layerings: Layering[] = [
  {
    // The renderer's features are screens; one feature uses another only through the `index.ts` that feature
    // offers (calendar's appointment slots and states, messages' dialogs, bookings' badge, outbox's notices,
    // shell's shortcuts, account's menu), so what a feature keeps to itself stays its own.
    root: 'renderer/',
    layers: [
      { name: 'lib', paths: ['renderer/lib/'] },
      { name: 'stores', paths: ['renderer/stores/'] },
      { name: 'components', paths: ['renderer/components/'] },
      { name: 'features', paths: ['renderer/features/'], apart: 'subfolders', throughIndex: true },
      { name: 'App', paths: ['renderer/App', 'renderer/main', 'renderer/boot', 'renderer/first-screen/'] },
    ],
    sealed: [],
    why: 'renderer layers run lib < stores < components < features < App',
  },
  {
    // base: the loose modules every part of core leans on (Platform, config, clocks, events, the data
    // folder, connectivity, crash guard, static files, input refusals, security/). model: what several domains
    // share (model/, phone/, core-context.ts). app: app-core.ts and what only it runs (prefetch.ts,
    // screen-first.ts), and the first screen the hosts write into their page from it (first-screen.ts). The domains
    // do not import each other.
    root: 'main/core/',
    layers: [
      {
        name: 'base',
        paths: [
          'main/core/platform',
          'main/core/config',
          'main/core/events',
          'main/core/session-events',
          'main/core/practice-zone',
          'main/core/no-follow',
          'main/core/given-clock',
          'main/core/input-refused',
          'main/core/data-folder',
          'main/core/crash-guard',
          'main/core/static-files',
          'main/core/connectivity',
          'main/core/security/',
        ],
      },
      {
        name: 'api, cache, auth, log',
        paths: ['main/core/api/', 'main/core/cache/', 'main/core/auth/', 'main/core/log/'],
      },
      { name: 'outbox', paths: ['main/core/outbox/'] },
      // The one store of the practice: fed by the domains' reads and the outbox, read by the domains.
      { name: 'store', paths: ['main/core/store/'] },
      { name: 'model and phone', paths: ['main/core/model/', 'main/core/phone/', 'main/core/core-context'] },
      {
        name: 'domains',
        paths: [
          'main/core/calendar/',
          'main/core/contacts/',
          'main/core/bookings/',
          'main/core/messages/',
          'main/core/consent/',
          'main/core/numbers/',
          'main/core/waitlist/',
        ],
        apart: 'paths',
      },
      { name: 'ipc', paths: ['main/core/ipc/'] },
      {
        name: 'app-core',
        paths: ['main/core/app-core', 'main/core/prefetch', 'main/core/screen-first', 'main/core/first-screen'],
      },
    ],
    sealed: ['main/core/outbox/'],
    why: 'core layers run base < api, cache, auth, log < outbox < store < model and phone < domains < ipc < app-core',
  },
];

const inLayer = (layer: Layer, module: string): string | undefined => layer.paths.find((p) => covers(p, module));

/** Where a module (repo path without extension) sits: its layering, layer index and unit. */
function placeOf(module: string): { layering: Layering; index: number; unit: string | undefined } | undefined {
  const layering = layerings.find((l) => module.startsWith(l.root));
  if (!layering) return undefined;
  const index = layering.layers.findIndex((layer) => inLayer(layer, module) !== undefined);
  if (index < 0) return { layering, index, unit: undefined };
  const layer = layering.layers[index]!;
  const path = inLayer(layer, module)!;
  const below = module.slice(path.length).split('/');
  const unit = layer.apart === 'subfolders' && below.length > 1 ? `${path}${below[0]}/` : path;
  return { layering, index, unit };
}

/**
 * Why importing `target` from `file` breaks a layer rule, or undefined when it does not. Both are repo paths; the
 * target's extension, if any, is ignored, and only TypeScript modules are governed (not CSS or assets).
 */
export function layerBreach(file: string, target: string): string | undefined {
  if (/\.(css|svg|png|html|json)$/.test(target)) return undefined;
  const from = file.replace(/\.tsx?$/, '');
  const bare = target.replace(/\.tsx?$/, '');
  // `'../outbox'` names the folder's index.
  const folders = layerings.flatMap((l) => [...l.sealed, ...l.layers.flatMap((layer) => layer.paths)]);
  const to = folders.includes(`${bare}/`) || placeOf(`${bare}/index`)?.unit === `${bare}/` ? `${bare}/index` : bare;
  const sealed = layerings.flatMap((l) => l.sealed).find((s) => to.startsWith(s) && !from.startsWith(s));
  if (sealed && to !== `${sealed}index`) return `${sealed} is entered only through ${sealed}index.ts`;
  const here = placeOf(from);
  if (!here) return undefined;
  if (here.index < 0) return `${file} has no layer: place it in a layer of scripts/lint/closed-world.ts`;
  if (!to.startsWith(here.layering.root)) return undefined;
  const there = placeOf(to)!;
  if (there.index < 0) return `${target} has no layer: place it in a layer of scripts/lint/closed-world.ts`;
  const layers = here.layering.layers;
  if (there.index > here.index)
    return `${layers[here.index]!.name} may not import ${layers[there.index]!.name} (${here.layering.why})`;
  const layer = layers[here.index]!;
  if (there.index === here.index && layer.apart && there.unit !== here.unit) {
    if (layer.throughIndex && to === `${there.unit}index`) return undefined;
    return layer.throughIndex
      ? `${here.unit} may use ${there.unit} only through ${there.unit}index.ts`
      : `${here.unit} may not import ${there.unit}: ${layer.name} do not import each other; lift what they share into a lower layer`;
  }
  return undefined;
}

const layerRule: Rule.RuleModule = {
  meta: {
    type: 'problem',
    docs: { description: 'Inside a runtime, imports follow the layers listed in scripts/lint/closed-world.ts.' },
    schema: [],
  },
  create(context) {
    const file = relative(context.cwd, context.filename).split('\\').join('/');
    if (!layerings.some((l) => file.startsWith(l.root)) && !file.startsWith('main/')) return {};
    const check = (node: Rule.Node, source: unknown): void => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = posix.normalize(posix.join(posix.dirname(file), source));
      const breach = layerBreach(file, target);
      if (breach) context.report({ node, message: `${file} may not import '${source}': ${breach}.` });
    };
    const literal = (n: unknown): unknown =>
      n && typeof n === 'object' && (n as { type?: string }).type === 'Literal' ? (n as { value: unknown }).value : n;
    return {
      ImportDeclaration: (node) => check(node as Rule.Node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node as Rule.Node, node.source.value),
      ExportAllDeclaration: (node) => check(node as Rule.Node, node.source.value),
      ImportExpression: (node) => check(node as Rule.Node, literal(node.source)),
      ...({
        TSImportType: (node: { argument?: { literal?: { value?: unknown } } } & Rule.Node) =>
          check(node, node.argument?.literal?.value),
      } as Rule.RuleListener),
    };
  },
};

/** The ESLint plugin: `frontdesk/closed-world` between runtimes, `frontdesk/layers` inside them. */
export const closedWorld = { rules: { 'closed-world': rule, layers: layerRule } };
