/** The crash guards keep the process alive through a stray error or rejection, and say so in the log without data. */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { expect, it } from 'vitest';

const CHILD = join(__dirname, 'crash-child.ts');

function runChild(): Promise<{ code: number | null; lines: string[] }> {
  return new Promise((done, failed) => {
    const proc = spawn(process.execPath, ['--import', 'tsx', CHILD], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    proc.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    proc.on('error', failed);
    proc.on('exit', (code) => done({ code, lines: out.split('\n').filter(Boolean) }));
  });
}

it('keeps running after a stray thrown error and a stray rejected promise, logging each', async () => {
  const { code, lines } = await runChild();
  expect(lines.at(-1)).toBe('alive');
  expect(code).toBe(0);
  const entries = lines.slice(0, -1).map((line) => JSON.parse(line) as { level: string; message: string });
  expect(entries).toEqual([
    expect.objectContaining({ level: 'error', message: 'unexpected error (kept running)' }),
    expect.objectContaining({ level: 'error', message: 'unhandled rejection (kept running)' }),
  ]);
});
