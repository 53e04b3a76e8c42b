/**
 * The Electronegativity gate (scripts/electronegativity.ts) has teeth: an unsafe window in a built main file is a
 * finding nobody justified; a justification that matches nothing, or a file the tool could not read, fails too.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { judge, readJustifications, scan, type ScanResult } from '../../../scripts/electronegativity';
import { tempDir } from '../../support/core-fixture';

const root = resolve(__dirname, '../../..');
const justified = readJustifications(join(root, 'test/security/electronegativity-accepted.yml'));
const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

it('reports a window without sandbox or context isolation as unjustified findings', async () => {
  const { dir: out, cleanup } = tempDir();
  cleanups.push(cleanup);
  mkdirSync(join(out, 'main'));
  writeFileSync(
    join(out, 'main/index.js'),
    [
      "const { BrowserWindow } = require('electron');",
      'const win = new BrowserWindow({',
      '  webPreferences: { nodeIntegration: true, contextIsolation: false, sandbox: false },',
      '});',
      "win.loadURL('app://frontdesk/index.html');",
      '',
    ].join('\n'),
  );
  const result = await scan(out, '45.4.1');
  const { unjustified } = judge(result, justified);
  const rules = unjustified.map((finding) => finding.rule);
  expect(rules).toContain('SANDBOX_JS_CHECK');
  expect(rules).toContain('CONTEXT_ISOLATION_JS_CHECK');
  expect(unjustified.find((finding) => finding.rule === 'CONTEXT_ISOLATION_JS_CHECK')).toMatchObject({
    file: 'main/index.js',
    line: 3,
  });
});

it('fails a justification that no longer matches a finding, and a file the tool could not read', () => {
  const result: ScanResult = {
    findings: [{ rule: 'CSP_GLOBAL_CHECK', file: 'file:///', line: 1, code: '' }],
    unreadable: [
      { file: 'renderer/assets/index-abc123.js', message: 'Unknown node type StaticBlock.' },
      { file: 'main/index.js', message: 'Unexpected token' },
    ],
  };
  const verdict = judge(result, justified);
  expect(verdict.unjustified).toEqual([]);
  expect(verdict.stale.map((entry) => entry.rule)).toContain('OPEN_EXTERNAL_JS_CHECK');
  expect(verdict.stale).toHaveLength(justified.findings.length - 1);
  expect(verdict.unread).toEqual([{ file: 'main/index.js', message: 'Unexpected token' }]);
});
