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
];

/** The table. Most specific entries first. */
export const runtimes: Runtime[] = [
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
    may: ['preload/', 'common/channel-names'],
    packages: [],
    typesFrom: ['common/contract', 'common/bridge-transport'],
    why: 'the sandboxed preload builds the bridge from channel names alone: no zod, no schema, no runtime-specific imports',
  },
  {
    files: ['renderer/lib/'],
    may: ['renderer/', 'common/contract', 'common/bridge-transport', 'common/ws-wire', 'common/parse-unknown'],
    packages: rendererPackages,
    why: 'renderer/lib builds the bridge; the renderer is a sandboxed page',
  },
  {
    files: ['renderer/'],
    // Forms check themselves with the contract's schemas (lib/form-issues.ts); the finder's paste and the Messages
    // search tell a phone number with the same rules (common/input-rules.ts), so there is one phone matcher.
    may: ['renderer/', 'common/contract', 'common/input-rules'],
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

/** The ESLint plugin: `frontdesk/closed-world`. */
export const closedWorld = { rules: { 'closed-world': rule } };
