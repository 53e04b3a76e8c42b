/**
 * Styles split per feature: a stylesheet under renderer/features/<feature>/ styles only that feature's markup. A class
 * that more than one feature uses lives in renderer/components/ (loaded once, first), so no screen's look depends on
 * whether another screen's stylesheet happens to be loaded, and no feature's rule reaches into another's.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = process.cwd();

function files(dir: string, ending: RegExp): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name), ending) : ending.test(e.name) ? [join(dir, e.name)] : [],
  );
}

/** The classes a stylesheet's selectors start with (`.a .b`, `.a:hover` → `a`). */
function rootClasses(css: string): Set<string> {
  const found = new Set<string>();
  const bare = css.replace(/\/\*[\s\S]*?\*\//g, '');
  for (const [, selectors] of bare.matchAll(/([^{}]+)\{/g)) {
    for (const selector of selectors!.split(',')) {
      const first = /^\s*\.([a-z][\w-]*)/i.exec(selector);
      if (first) found.add(first[1]!);
    }
  }
  return found;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');

/** The class names markup asks for, a `${…}` part read as "anything" (`message-${dir}` → /^message-.*$/). */
function classPatterns(tsx: string): RegExp[] {
  const values = [...tsx.matchAll(/className=(?:"([^"]*)"|\{`([^`]*)`\}|\{\s*'([^']*)'\s*\})/g)].map(
    (m) => m[1] ?? m[2] ?? m[3] ?? '',
  );
  return values
    .flatMap((v) => v.replace(/\$\{[^}]*\}/g, '${}').split(/\s+/))
    .filter((name) => name !== '' && name !== '${}')
    .map((name) => new RegExp(`^${name.split('${}').map(escape).join('.*')}$`));
}

/** The feature a file belongs to (null for shared code). */
const featureOf = (file: string) => /^renderer\/features\/([^/]+)\//.exec(file)?.[1] ?? null;

/** `file uses class (styled by stylesheet)` for every use of a feature's class outside that feature. */
function crossings(sheets: Record<string, string>, markup: Record<string, string>): string[] {
  const styled = Object.entries(sheets)
    .filter(([sheet]) => featureOf(sheet) !== null)
    .map(([sheet, css]) => ({ sheet, feature: featureOf(sheet), classes: [...rootClasses(css)] }));
  return Object.entries(markup).flatMap(([file, tsx]) =>
    classPatterns(tsx).flatMap((pattern) =>
      styled
        .filter((s) => s.feature !== featureOf(file))
        .flatMap((s) =>
          s.classes.filter((c) => pattern.test(c)).map((c) => `${file} uses ${c} (styled by ${s.sheet})`),
        ),
    ),
  );
}

describe('feature stylesheets', () => {
  it('style only their own feature’s markup', () => {
    const read = (list: string[]) =>
      Object.fromEntries(list.map((f) => [relative(root, f), readFileSync(f, 'utf8')] as const));
    const sheets = read(files(join(root, 'renderer'), /\.css$/));
    const markup = read(files(join(root, 'renderer'), /\.tsx$/));
    expect(Object.keys(sheets).length).toBeGreaterThan(5);
    expect(crossings(sheets, markup)).toEqual([]);
  });

  it('the check sees a class styled by one feature and used by another, dynamic names too', () => {
    const sheets = {
      'renderer/features/calendar/calendar.css': '.message, .message-in:hover { color: var(--text); }',
      'renderer/components/controls.css': '.badge { color: var(--text); }',
    };
    const markup = {
      'renderer/features/messages/Thread.tsx': '<li className={`message message-${m.direction}`} />',
      'renderer/features/calendar/Details.tsx': '<li className="message" />',
      'renderer/components/Chip.tsx': '<span className="badge" />',
    };
    expect(crossings(sheets, markup)).toEqual([
      'renderer/features/messages/Thread.tsx uses message (styled by renderer/features/calendar/calendar.css)',
      'renderer/features/messages/Thread.tsx uses message-in (styled by renderer/features/calendar/calendar.css)',
    ]);
  });
});
