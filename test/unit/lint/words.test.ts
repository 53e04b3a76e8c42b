/**
 * One vocabulary: a state is put in words only by renderer/lib/words.ts, and the renderer never reads meaning out of
 * the words of the service or of core (core sends codes and facts: common/model/states.ts, `RefusalReason`). Two
 * checks over every renderer file, each shown to find what it forbids:
 * - no regex, `includes`, `startsWith` … over an error, message, reason, summary, state, status or title, except
 *   the genuine input checks listed below (what the user typed: dates, e-mail addresses, a search, a template);
 * - no state word ("Booked", "Not confirmed yet", "Waiting to sync", …) spelled outside the words module.
 */
import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { BOOKING_WORDS, CHANGE_WORDS, CONFIRMATION_WORDS, MARK_WORDS } from '../../../renderer/lib/words';
import { sourceFiles } from '../../support/source-files';

const WORDS_MODULE = 'renderer/lib/words.ts';

/** Calls that look into text, and which side of the call is the text looked into. */
const LOOKS_AT_ARGUMENT = new Set(['test', 'exec']);
const LOOKS_AT_RECEIVER = new Set(['match', 'matchAll', 'search', 'includes', 'startsWith', 'endsWith']);
/** Names of what the service or core says: a text read into by any of those calls is reading their words. */
const SAID = /(?:^|\.)(?:error|message|reason|summary|state|status|title|serviceMessage|result|answered)$/i;

/**
 * Genuine checks of what the user typed or the app made itself (file, and the text of the call), each with why.
 * An entry no longer found fails the test, so the list cannot go stale.
 */
const INPUT_CHECKS: [file: string, call: string, why: string][] = [
  [
    'renderer/features/calendar/AppointmentBlock.tsx',
    'title.includes(n)',
    'whether the title (the renderer’s own appointmentTitle) already names the people',
  ],
];

/** Every `text-looking call` over something the service or core said, as `file:line: call`. */
function readsIntoWords(file: string, source: string): string[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const hits: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const name = node.expression.name.text;
      const subject = LOOKS_AT_ARGUMENT.has(name)
        ? node.arguments[0]
        : LOOKS_AT_RECEIVER.has(name)
          ? node.expression.expression
          : undefined;
      const said = subject?.getText(sf).replace(/[?!]/g, '').replace(/\s+/g, '');
      if (said && SAID.test(said)) {
        const call = node.getText(sf).replace(/\s+/g, ' ');
        const allowed = INPUT_CHECKS.some(([f, c]) => f === file && call.includes(c));
        const line = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
        if (!allowed) hits.push(`${file}:${line}: ${call}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return hits;
}

/** A state's word used as another part of speech (file and word), each with why; a stale entry fails the test. */
const NOT_A_STATE: [file: string, word: string, why: string][] = [
  ['renderer/features/calendar/schedule-sync.ts', 'Cancelled', 'the Undo bar says what the desk just did'],
];

/** Every state word the words module says. */
const STATE_WORDS = new Set(
  [
    ...Object.values(CHANGE_WORDS).map((w) => w.word),
    ...Object.values(BOOKING_WORDS).flatMap((w) => [w.word, w.short]),
    ...Object.values(CONFIRMATION_WORDS).map((w) => w.word),
    ...Object.values(MARK_WORDS).flatMap((w) => [w.word, w.checkedIn ?? w.word]),
  ].map((w) => w.replace(/…$/, '')),
);

/** A piece of text as a state word would be compared: without the stop, colon or ellipsis after it. */
const bare = (text: string) =>
  text
    .trim()
    .replace(/[.:…—-]+$/, '')
    .trim();

/** Every string, template piece or JSX text of a file that is a state word, as `file:line: "text"`. */
function spelledStates(file: string, source: string): string[] {
  if (file === WORDS_MODULE) return [];
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const hits: string[] = [];
  const visit = (node: ts.Node) => {
    const text =
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node)
        ? node.text
        : ts.isJsxText(node)
          ? node.text
          : null;
    const allowed = (word: string) => NOT_A_STATE.some(([f, w]) => f === file && w === word);
    if (text !== null && STATE_WORDS.has(bare(text)) && !allowed(bare(text))) {
      const line = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
      hits.push(`${file}:${line}: "${bare(text)}"`);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return hits;
}

const rendererFiles = () => sourceFiles('renderer');

describe('one vocabulary in the renderer', () => {
  it('finds a planted regex, includes or startsWith over the service’s or core’s words', () => {
    const planted = [
      "if (error && /is deleted|not found/i.test(error)) return 'gone';",
      "const gone = op.error?.includes('not found');",
      'const late = item.summary.match(/passed/);',
      "if (answered?.startsWith('pending')) return 'waiting';",
      "const away = p.state.startsWith('not_coming');",
      'const ok = /^[^@]+@[^@]+$/.test(address);',
      'const typed = /\\{\\s*name\\s*\\}/i.exec(template);',
    ].join('\n');
    expect(readsIntoWords('renderer/features/x/y.ts', planted).map((h) => h.split(': ')[0])).toEqual([
      'renderer/features/x/y.ts:1',
      'renderer/features/x/y.ts:2',
      'renderer/features/x/y.ts:3',
      'renderer/features/x/y.ts:4',
      'renderer/features/x/y.ts:5',
    ]);
  });

  it('finds a planted state word outside the words module, and none in comments or the module itself', () => {
    const planted = [
      "const WORDS = { confirmed: { text: 'Confirmed' } };",
      '// "Booked" in a comment is fine',
      'const el = <strong>Booked.</strong>;',
      'const said = `${n} Waiting to sync`;',
      "const sentence = 'Changes waiting to sync are still kept';",
    ].join('\n');
    expect(spelledStates('renderer/features/x/Y.tsx', planted)).toEqual([
      'renderer/features/x/Y.tsx:1: "Confirmed"',
      'renderer/features/x/Y.tsx:3: "Booked"',
      'renderer/features/x/Y.tsx:4: "Waiting to sync"',
    ]);
    expect(spelledStates(WORDS_MODULE, planted)).toEqual([]);
  });

  it('no renderer file reads meaning out of the service’s or core’s words', () => {
    const files = rendererFiles();
    expect(files.length).toBeGreaterThan(50);
    expect(files.flatMap((f) => readsIntoWords(f, readFileSync(f, 'utf8')))).toEqual([]);
    for (const [file, call] of INPUT_CHECKS) expect(readFileSync(file, 'utf8'), file).toContain(call);
  });

  it('no renderer file spells a state word but the words module', () => {
    expect(rendererFiles().flatMap((f) => spelledStates(f, readFileSync(f, 'utf8')))).toEqual([]);
    for (const [file, word] of NOT_A_STATE) expect(readFileSync(file, 'utf8'), file).toContain(word);
  });
});
