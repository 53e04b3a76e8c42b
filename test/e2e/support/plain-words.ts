/**
 * Plain words on screen: scans what a page shows people (its visible text, plus the names, labels and titles that
 * assistive technology reads out) for machine text — snake_case tokens, camelCase identifiers, `#<digits>` ids and the
 * service's raw enum values. Any screen's e2e test can call `plainWordsProblems(page, 'screen name')`.
 */
import type { Page } from 'playwright-core';

/** The service's codes that are not snake_case but must still never be shown as they are. */
const RAW_ENUM_VALUES = ['noshow', 'ontime', 'book_now', 'not_coming', 'needs_reschedule', 'needs_attention'];

/** One finding per offending token: "screen: token in “…context…”". */
export function machineTextIn(text: string, where: string): string[] {
  // E-mail addresses, web addresses and folder paths (About shows where the log is kept, for support) may carry
  // underscores, dots and random letters of their own.
  const words = text
    .replace(/\S+@\S+\.\S+/g, ' ')
    .replace(/\bhttps?:\/\/\S+/g, ' ')
    .replace(/(?:^|\s)(?:~|[A-Za-z]:)?[/\\]\S*/g, ' ');
  const found: string[] = [];
  const patterns: [string, RegExp][] = [
    ['snake_case', /\b[A-Za-z]+_[A-Za-z0-9_]+\b/g],
    ['camelCase', /\b[a-z]+[A-Z][a-zA-Z]*\b/g],
    ['an id', /#\d+/g],
    ['a service code', new RegExp(`\\b(?:${RAW_ENUM_VALUES.join('|')})\\b`, 'gi')],
  ];
  for (const [what, re] of patterns)
    for (const m of words.matchAll(re)) {
      const context = words.slice(Math.max(0, m.index - 30), m.index + m[0].length + 30).replace(/\s+/g, ' ');
      found.push(`${where}: ${what} "${m[0]}" in “${context.trim()}”`);
    }
  return [...new Set(found)];
}

/** What the page shows or reads out, then every machine token in it. */
export async function plainWordsProblems(page: Page, where: string): Promise<string[]> {
  const text = await page.evaluate(() => {
    const said = [...document.querySelectorAll('[aria-label], [title], [placeholder], img[alt]')].map((el) =>
      ['aria-label', 'title', 'placeholder', 'alt'].map((a) => el.getAttribute(a) ?? '').join(' '),
    );
    return `${document.body.innerText}\n${said.join('\n')}`;
  });
  return machineTextIn(text, where);
}
