/**
 * Counts, in main/ and renderer/, the imports that break a layer rule (the table in scripts/lint/closed-world.ts,
 * which `npm run lint` enforces file by file) and the circles between modules, which no single file shows.
 * Prints "N layer violations, M circles" and fails unless both are 0. Every import counts, `import type` included.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import ts from 'typescript';
import { layerBreach } from './lint/closed-world';

const ROOTS = ['main', 'renderer'];

/** Repo-relative TypeScript files under a folder. */
function sourcesIn(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts'))
    .map((e) => posix.join(join(e.parentPath).split('\\').join('/'), e.name));
}

/** The repo file a relative specifier names, if it is a TypeScript module. */
function resolve(from: string, spec: string): string | undefined {
  const base = posix.normalize(posix.join(posix.dirname(from), spec)).replace(/\.(js|ts|tsx)$/, '');
  return [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find((c) => existsSync(c));
}

/** Each module's imports of repo modules, with every breach of a layer rule on the way. */
function importGraph(files: string[]): { edges: Map<string, string[]>; breaches: string[] } {
  const edges = new Map<string, string[]>();
  const breaches: string[] = [];
  for (const file of files) {
    const specs = ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles.map((i) => i.fileName);
    const targets: string[] = [];
    for (const spec of specs.filter((s) => s.startsWith('.'))) {
      const breach = layerBreach(file, posix.normalize(posix.join(posix.dirname(file), spec)));
      if (breach) breaches.push(`${file} → ${spec}: ${breach}`);
      const target = resolve(file, spec);
      if (target) targets.push(target);
    }
    edges.set(file, targets);
  }
  return { edges, breaches };
}

/** The circles: strongly connected groups of more than one module, or a module importing itself (Tarjan). */
function circles(edges: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const group: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      group.push(w);
    } while (w !== v);
    if (group.length > 1 || (edges.get(v) ?? []).includes(v)) found.push(group.sort());
  };
  for (const v of edges.keys()) if (!index.has(v)) visit(v);
  return found;
}

const { edges, breaches } = importGraph(ROOTS.flatMap(sourcesIn));
const found = circles(edges);
for (const b of breaches) console.log(`layer: ${b}`);
for (const c of found) console.log(`circle: ${c.join(' ↔ ')}`);
console.log(`${breaches.length} layer violations, ${found.length} circles`);
if (breaches.length > 0 || found.length > 0) process.exitCode = 1;
