/** The runtime boundaries are enforced by lint: these imports must fail `npm run lint`. */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function restricted(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('lint boundaries', () => {
  it.each([
    ['renderer/App.tsx', "import { ipcRenderer } from 'electron';"],
    ['renderer/lib/x.ts', "import { readFileSync } from 'node:fs';"],
    ['renderer/lib/x.ts', "import { join } from 'path';"],
    ['renderer/features/a/B.tsx', "import { createCore } from '../../../main/core/app-core';"],
    ['main/core/x.ts', "import { app } from 'electron';"],
    ['main/core/ipc/x.ts', "import Store from 'electron-store';"],
    ['main/browser-host/x.ts', "import { shell } from 'electron';"],
    ['preload/contract.ts', "import { ipcRenderer } from 'electron';"],
  ])('%s may not %s', async (file, code) => {
    expect(await restricted(file, `${code}\nexport {};\n`)).not.toEqual([]);
  });

  it.each([
    ['main/electron/x.ts', "import { app } from 'electron';"],
    ['main/core/x.ts', "import { readFileSync } from 'node:fs';"],
    ['renderer/lib/x.ts', "import { createBridge } from '../../preload/bridge';"],
  ])('%s may %s', async (file, code) => {
    expect(await restricted(file, `${code}\nexport {};\n`)).toEqual([]);
  });
});
