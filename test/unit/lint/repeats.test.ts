/**
 * Each job has one place (ARCHITECTURE.md): a repeated shape that comes back elsewhere fails here. Code only — the
 * comments are left out — of the tracked files of main/, renderer/, common/ and preload/. Each rule names its one
 * place and, where the same text means something else, the files allowed with why.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

interface Repeat {
  /** What came back, as the failure says it. */
  name: string;
  /** Matched against each line of code. */
  line?: RegExp | ((line: string) => boolean);
  /** Matched against a whole file (comments left out); the hit is on line 1. */
  file?: (code: string) => boolean;
  /** The files it applies to (all when absent). */
  in?: RegExp;
  /** The one place, and other files where the text means something else. */
  allowed: string[];
}

/** A regular expression's character class: an unescaped `[`, its content (no space, quote or comma), `]`. */
const CLASS = /(?<!\\)\[((?:\\.|[^\]\\\s'",])+)\]/g;

const REPEATS: Repeat[] = [
  {
    name: 'a backoff formula outside the retrying timer (common/retry-timer.ts)',
    line: /Math\.pow\(|\b2\s*\*\*|Math\.min\([^)]*\*\s*2\b|\*=\s*2\b|\b(\w+)\s*=\s*\1\s*\*\s*2\b/,
    allowed: ['common/retry-timer.ts'],
  },
  {
    name: "an outbox call that makes its own OutboxItem (the outbox host's enqueue returns it)",
    line: /toItem\(\s*await\b/,
    allowed: ['main/core/outbox/outbox-host.ts'],
  },
  {
    name: 'a dialog not built on renderer/components/Dialog.tsx',
    line: /\srole=\{?["'](alert)?dialog["']|<ModalOverlay\b|<Modal\b|className=\{?["'`]dialog(-overlay|-modal|-body)?["'` ]/,
    in: /^renderer\//,
    allowed: ['renderer/components/Dialog.tsx'],
  },
  {
    name: 'a phone matcher outside common/input-rules.ts',
    // A character class of digits with the signs phone numbers are written with: [\d\s+()-], [\d\s().-], …
    line: (line) => [...line.matchAll(CLASS)].some((m) => m[1]!.includes('\\d') && /[()+]/.test(m[1]!)),
    // The log's redaction finds numbers inside free text to hide them; it never tells whether input is a phone.
    allowed: ['common/input-rules.ts', 'main/core/log/redact.ts'],
  },
  {
    name: 'a Shift+F10 / Menu-key handler outside its one place (features/calendar/menu-keys.ts)',
    line: /["'](Shift\+F10|F10|ContextMenu)["']|\bappointmentMenuKeys\b/,
    in: /^renderer\//,
    allowed: [
      'renderer/lib/actions.ts',
      'renderer/features/shell/shortcuts.ts',
      'renderer/features/shell/index.ts',
      'renderer/features/calendar/menu-keys.ts',
    ],
  },
  {
    name: 'a shortcut described or handled outside renderer/lib/actions.ts and features/shell/shortcuts.ts',
    // Key words written by hand ("Ctrl+K", "⌘K"), keys in a <kbd> as text, a second window key listener.
    line: /\b(Ctrl|Cmd|Control|Alt)\s*\+\s*\w|⌘|<kbd[^>]*>\s*[^{<\s]|addEventListener\(\s*["']key(down|up)["']/,
    in: /^renderer\//,
    allowed: ['renderer/lib/actions.ts', 'renderer/features/shell/shortcuts.ts'],
  },
  {
    name: 'a key chord or modifier test outside the action registry (renderer/lib/actions.ts, features/shell/shortcuts.ts)',
    // A chord written out ('Mod+K', `Mod+${n}`), a key handler testing a key or Ctrl/Cmd itself, keys put into words
    // ("↑ ↓ to choose", "Enter to open") or aria-keyshortcuts by hand: a control handles an action's keys with
    // matchesKeys(action, e) and shows them with keyWordsOf / ariaKeysOf(action).
    line: /["'`]Mod\+|\b(ctrlKey|metaKey)\b|\b(e|ev|evt|event)\.(key|code)\s*[!=]==?\s*["'`]|[↑↓]|\b(Enter|Esc|Escape|Tab)\s+to\b|\b(ariaKeys|chordWords)\(|aria-keyshortcuts=["'`]/,
    in: /^renderer\//,
    allowed: ['renderer/lib/actions.ts', 'renderer/features/shell/shortcuts.ts'],
  },
  {
    name: 'a store without getEmptyState (renderer/lib/store-shape.ts)',
    file: (code) => /\bcreate<\w+>\(\)/.test(code) && !/\bgetEmptyState\b/.test(code),
    in: /^renderer\/(stores|features)\//,
    allowed: [],
  },
];

/** The code of a file with its comments blanked (line numbers kept). */
function codeOf(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' '))
    .split('\n')
    .map((line) => line.replace(/(^|[^:'"`\\])\/\/.*$/, '$1'))
    .join('\n');
}

/** `file:line: what came back` for each repeat outside its place. */
function repeats(files: string[], read: (file: string) => string): string[] {
  const hits: string[] = [];
  for (const file of files) {
    const rules = REPEATS.filter((r) => (!r.in || r.in.test(file)) && !r.allowed.includes(file));
    if (rules.length === 0) continue;
    const code = codeOf(read(file));
    for (const rule of rules) {
      if (rule.file?.(code)) hits.push(`${file}:1: ${rule.name}`);
      const { line: pattern } = rule;
      const matches = pattern instanceof RegExp ? (l: string) => pattern.test(l) : pattern;
      if (matches)
        code.split('\n').forEach((line, i) => {
          if (matches(line)) hits.push(`${file}:${i + 1}: ${rule.name}`);
        });
    }
  }
  return hits;
}

describe('repeats', () => {
  it('finds each repeat planted once, and not in comments or in its own place', () => {
    const planted: Record<string, string> = {
      'renderer/features/calendar/poll.ts': 'let delay = 10;\ndelay = Math.min(delay * 2, 60_000);\n',
      'main/core/messages/wait.ts': 'const wait = first * 2 ** failures;\n',
      'main/core/contacts/save.ts': 'return toItem(await this.outbox.get().enqueue(kind, payload));\n',
      'renderer/features/bookings/Confirm.tsx': '<div role="dialog" className="confirm">\n',
      'renderer/features/messages/Search.tsx': 'const PHONE = /^[\\d\\s+().-]+$/;\n',
      'renderer/features/contacts/Row.tsx': "if (e.key === 'F10' && e.shiftKey) open(r.left + 24);\n",
      'renderer/features/messages/Help.tsx': '<p>Press <kbd>Ctrl+Enter</kbd> to send</p>\n',
      'renderer/features/messages/Reply.tsx': "if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) send();\n",
      'renderer/features/shell/Finder.tsx': "if (e.key === 'Enter') open();\n<p>↑ ↓ to choose, Enter to open</p>\n",
      'renderer/components/Tabs.tsx': 'title={`${label} (${chordWords(`Mod+${i + 1}`)})`}\n',
      'renderer/features/outbox/outbox-panel.ts': 'export const usePanel = create<Panel>()(() => ({ open: false }));\n',
      'renderer/features/calendar/fine.ts': '// delay = Math.min(delay * 2, cap): was here\nconst x = 2 * 3;\n',
      'common/retry-timer.ts': 'const window = Math.min(cap, first * 2 ** exponent);\n',
      'renderer/features/shell/shortcuts.ts': "keys: ['Shift+F10', 'ContextMenu'],\n",
    };
    expect(repeats(Object.keys(planted), (f) => planted[f] ?? '')).toEqual([
      'renderer/features/calendar/poll.ts:2: a backoff formula outside the retrying timer (common/retry-timer.ts)',
      'main/core/messages/wait.ts:1: a backoff formula outside the retrying timer (common/retry-timer.ts)',
      "main/core/contacts/save.ts:1: an outbox call that makes its own OutboxItem (the outbox host's enqueue returns it)",
      'renderer/features/bookings/Confirm.tsx:1: a dialog not built on renderer/components/Dialog.tsx',
      'renderer/features/messages/Search.tsx:1: a phone matcher outside common/input-rules.ts',
      'renderer/features/contacts/Row.tsx:1: a Shift+F10 / Menu-key handler outside its one place (features/calendar/menu-keys.ts)',
      'renderer/features/contacts/Row.tsx:1: a key chord or modifier test outside the action registry (renderer/lib/actions.ts, features/shell/shortcuts.ts)',
      'renderer/features/messages/Help.tsx:1: a shortcut described or handled outside renderer/lib/actions.ts and features/shell/shortcuts.ts',
      'renderer/features/messages/Reply.tsx:1: a key chord or modifier test outside the action registry (renderer/lib/actions.ts, features/shell/shortcuts.ts)',
      'renderer/features/shell/Finder.tsx:1: a key chord or modifier test outside the action registry (renderer/lib/actions.ts, features/shell/shortcuts.ts)',
      'renderer/features/shell/Finder.tsx:2: a key chord or modifier test outside the action registry (renderer/lib/actions.ts, features/shell/shortcuts.ts)',
      'renderer/components/Tabs.tsx:1: a key chord or modifier test outside the action registry (renderer/lib/actions.ts, features/shell/shortcuts.ts)',
      'renderer/features/outbox/outbox-panel.ts:1: a store without getEmptyState (renderer/lib/store-shape.ts)',
    ]);
  });

  it('none of the repeats is back in the code', () => {
    const files = execFileSync('git', ['ls-files', '--', 'main', 'renderer', 'common', 'preload'], { encoding: 'utf8' })
      .split('\n')
      .filter((f) => /\.(ts|tsx)$/.test(f) && existsSync(f));
    expect(repeats(files, (f) => readFileSync(f, 'utf8'))).toEqual([]);
  });
});
