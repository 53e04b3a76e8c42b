/**
 * docs/service-contract.md's tables, made from the contract (contract.ts): the part between the two markers is this
 * function's output. `npx tsx scripts/service-contract.ts` rewrites it; test/unit/sandbox/service-contract.test.ts
 * fails when it is not current.
 */
import { CONTRACT, type ContractEndpoint, type ContractField } from './contract';

const BEGIN_MARK = '<!-- contract tables: made by scripts/service-contract.ts from test/sandbox/contract.ts -->';
const END_MARK = '<!-- end of contract tables -->';

const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

function table(title: string, fields: readonly ContractField[]): string[] {
  if (fields.length === 0) return [`${title}: none.`, ''];
  return [
    `${title}:`,
    '',
    '| field | status | source | if absent or refused |',
    '|---|---|---|---|',
    ...fields.map(
      (x) =>
        `| \`${x.name}\`${x.anyKeys ? ' (any keys)' : ''} | ${x.status} | ${cell(x.source)} | ${cell(x.copes ?? '')} |`,
    ),
    '',
  ];
}

function endpoint(e: ContractEndpoint): string[] {
  return [
    `### \`${e.endpoint}\``,
    '',
    `Source: ${e.source}. Called from: ${e.calledFrom}.${e.note ? ` ${e.note}` : ''}`,
    '',
    ...table('Query sent', e.query),
    ...table('Body sent', e.body),
    ...table('Read from the answer', e.reads),
  ];
}

/** The tables, one section per endpoint, between the markers. */
function renderContractTables(): string {
  const index = [
    '| endpoint | sent | read | source |',
    '|---|---|---|---|',
    ...CONTRACT.map(
      (e) => `| \`${e.endpoint}\` | ${e.query.length + e.body.length} | ${e.reads.length} | ${cell(e.source)} |`,
    ),
    '',
  ];
  return [BEGIN_MARK, '', ...index, ...CONTRACT.flatMap(endpoint), END_MARK].join('\n');
}

/** `doc` with its tables replaced by today's; throws when the markers are missing. */
export function withCurrentTables(doc: string): string {
  const begin = doc.indexOf(BEGIN_MARK);
  const end = doc.indexOf(END_MARK);
  if (begin < 0 || end < begin) throw new Error('docs/service-contract.md has lost its table markers');
  return `${doc.slice(0, begin)}${renderContractTables()}${doc.slice(end + END_MARK.length)}`;
}
