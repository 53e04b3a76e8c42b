/**
 * Colours live in renderer/theme/tokens.css only, each with a light and a dark value: every other stylesheet and
 * component uses the custom properties, so a new screen cannot come out light-only (or unreadable in dark).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = process.cwd();
const TOKENS = 'renderer/theme/tokens.css';
/** A colour written out: hex, a colour function or a common colour name used as a value. */
const LITERAL =
  /#[0-9a-f]{3,8}\b|\b(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch)\(|:\s*(?:white|black|red|green|blue|gr[ae]y|orange|yellow)\b/gi;

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : /\.(css|tsx?)$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

/** `file:line literal` for every colour literal found in `text`. */
function literals(file: string, text: string): string[] {
  return text.split('\n').flatMap((line, i) => [...line.matchAll(LITERAL)].map((m) => `${file}:${i + 1} ${m[0]}`));
}

describe('colour tokens', () => {
  it('no colour literal outside the token file', () => {
    const found = files(join(root, 'renderer'))
      .map((f) => relative(root, f))
      .filter((f) => f !== TOKENS)
      .flatMap((f) => literals(f, readFileSync(join(root, f), 'utf8')));
    expect(found).toEqual([]);
  });

  it('the check sees a literal when there is one', () => {
    expect(literals('x.css', '.a { color: #c62828; background: rgb(0 0 0); border-color: white; }')).toHaveLength(3);
    expect(literals('x.css', '#root { color: var(--text); }')).toEqual([]);
  });

  it('every colour token has a light and a dark value', () => {
    const tokens = readFileSync(join(root, TOKENS), 'utf8');
    const rootBlock = tokens.slice(tokens.indexOf(':root {'), tokens.indexOf('}', tokens.indexOf(':root {')));
    const declarations = [...rootBlock.matchAll(/(--[\w-]+):\s*([^;]+);/g)];
    const colours = declarations.filter(
      ([, , value]) => new RegExp(LITERAL.source, 'i').test(value!) || value!.startsWith('light-dark('),
    );
    expect(colours.length).toBeGreaterThan(20);
    for (const [, name, value] of colours) expect(`${name}: ${value}`).toMatch(/^--[\w-]+: light-dark\(.+,.+\)$/);
  });
});
