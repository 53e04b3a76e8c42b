/**
 * Rewrites docs/service-contract.md's tables from test/sandbox/contract.ts (the prose around them is kept):
 * `npx tsx scripts/service-contract.ts`. test/unit/sandbox/service-contract.test.ts fails when they are not current.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { withCurrentTables } from '../test/sandbox/contract-doc';

const file = resolve(__dirname, '../docs/service-contract.md');
const before = readFileSync(file, 'utf8');
const after = withCurrentTables(before);
if (after === before) console.log('docs/service-contract.md: tables already current');
else {
  writeFileSync(file, after);
  console.log('docs/service-contract.md: tables rewritten');
}
