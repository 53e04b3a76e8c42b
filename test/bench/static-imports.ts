/**
 * The modules a file pulls in before it runs: its static imports, followed through the repo's own files, with type-only
 * imports left out (the compiler drops them) and `import()` left out (a chunk loaded later). What the renderer's entry
 * reaches this way is the JS its first paint waits for; what preload/index.ts reaches is the sandboxed preload's bundle.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import ts from 'typescript';

const root = resolve(__dirname, '../..');

/** The specifiers `file` imports at run time (relative ones and packages), in order. */
export function runtimeImports(file: string, text = readFileSync(file, 'utf8')): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TSX);
  const found: string[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      const bindings = clause?.namedBindings;
      const onlyTypes =
        clause !== undefined &&
        (clause.isTypeOnly ||
          (clause.name === undefined &&
            bindings !== undefined &&
            ts.isNamedImports(bindings) &&
            bindings.elements.length > 0 &&
            bindings.elements.every((e) => e.isTypeOnly)));
      if (!onlyTypes) found.push((statement.moduleSpecifier as ts.StringLiteral).text);
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && !statement.isTypeOnly) {
      const clause = statement.exportClause;
      const onlyTypes = clause !== undefined && ts.isNamedExports(clause) && clause.elements.every((e) => e.isTypeOnly);
      if (!onlyTypes) found.push((statement.moduleSpecifier as ts.StringLiteral).text);
    }
  }
  return found;
}

function resolveFile(from: string, specifier: string): string | null {
  const base = resolve(dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`])
    if (/\.tsx?$/.test(candidate) && existsSync(candidate)) return candidate;
  return null; // a stylesheet or an asset
}

/** The package a bare specifier names (`@scope/name` or `name`). */
const packageOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/** What `entry` (a path from the repo's root) reaches statically: the repo's files and the packages, each with how. */
export function staticGraph(entry: string): { files: Map<string, string[]>; packages: Map<string, string[]> } {
  const files = new Map<string, string[]>();
  const packages = new Map<string, string[]>();
  const visit = (file: string, chain: string[]) => {
    const name = relative(root, file);
    if (files.has(name)) return;
    const here = [...chain, name];
    files.set(name, here);
    for (const specifier of runtimeImports(file)) {
      if (specifier.startsWith('.')) {
        const next = resolveFile(file, specifier);
        if (next) visit(next, here);
      } else if (!packages.has(packageOf(specifier))) packages.set(packageOf(specifier), here);
    }
  };
  visit(resolve(root, entry), []);
  return { files, packages };
}
