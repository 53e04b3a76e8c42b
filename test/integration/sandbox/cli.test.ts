import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCliArgs } from '../../sandbox/cli-args';

const ROOT = join(__dirname, '../../..');
/** `node --import tsx cli.ts`: one process (the tsx binary would add a second). */
const NODE = process.execPath;
const CLI = ['--import', 'tsx', 'test/sandbox/cli.ts'];

/**
 * One process at a time: the first start compiles the sandbox's TypeScript (seconds on a cold cache), and seven of
 * them at once on a loaded machine took longer than any fixed wait. The banner is waited for as an event: it comes,
 * or the process exits (a failure with its output); the long test timeout only keeps a hung start from hanging the
 * run.
 */
describe('npm run sandbox (cli.ts)', () => {
  it(
    'prints "sandbox listening on http://127.0.0.1:PORT" first, then users, keys and clients; SIGTERM exits 0',
    {
      timeout: 180_000,
    },
    async () => {
      const child = spawn(NODE, [...CLI, '--port', '0', '--contacts', '10', '--events', '10'], {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      let err = '';
      child.stdout.setEncoding('utf8');
      child.stderr.setEncoding('utf8');
      child.stderr.on('data', (chunk: string) => (err += chunk));
      const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
      try {
        await new Promise<void>((resolve, reject) => {
          child.stdout.on('data', (chunk: string) => {
            out += chunk;
            if (out.includes('admin (loopback only)')) resolve();
          });
          void exited.then((code) => reject(new Error(`exited ${code} before its banner: ${out}${err}`)));
        });
        const lines = out.split('\n');
        const m = /^sandbox listening on (http:\/\/127\.0\.0\.1:(\d+))$/.exec(lines[0]!);
        expect(m, lines[0]).not.toBeNull();
        expect(Number(m![2])).toBeGreaterThan(0);
        expect(out).toContain('owner@frontdesk.test');
        expect(out).toContain('linked@frontdesk.test');
        expect(out).toMatch(/server-app\s+confidential, secret [0-9a-f]{48}/);
        const key = /owner@frontdesk\.test\s+api_key ([0-9a-f]{32})/.exec(out)![1]!;
        const me = await fetch(`${m![1]}/v1/userinfo`, {
          headers: { authorization: `Basic ${Buffer.from(`owner@frontdesk.test:${key}`).toString('base64')}` },
        });
        expect(me.status).toBe(200);
        child.kill('SIGTERM');
        expect(await exited).toBe(0);
      } finally {
        // A failed expectation still ends the sandbox.
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      }
    },
  );

  it('rejects unknown flags and bad numbers with one line on stderr and exit 2', async () => {
    const cases = [
      ['--bogus'],
      ['--port', 'abc'],
      ['--port', '70000'],
      ['--code-ttl', '0'],
      ['--seed'],
      ['--events=-1'],
    ];
    const results = await Promise.all(
      cases.map(
        (args) =>
          new Promise<{ args: string[]; code: number | null; stdout: string; stderr: string }>((resolve) => {
            const child = spawn(NODE, [...CLI, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
            let stdout = '';
            let stderr = '';
            child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
            child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
            child.on('exit', (code) => resolve({ args, code, stdout, stderr }));
          }),
      ),
    );
    for (const r of results) {
      expect(r.code, r.args.join(' ')).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(/^sandbox: /);
    }
  });

  it('parses every flag, in both --flag value and --flag=value forms', () => {
    expect(
      parseCliArgs([
        '--port',
        '0',
        '--access-ttl=5',
        '--code-ttl',
        '2',
        '--seed',
        '9',
        '--contacts',
        '3',
        '--events',
        '4',
        '--device-settle-ms',
        '0',
      ]),
    ).toEqual({
      kind: 'run',
      options: { port: 0, accessTtlS: 5, codeTtlS: 2, seed: 9, contacts: 3, events: 4, deviceSettleMs: 0 },
    });
    expect(parseCliArgs([])).toEqual({ kind: 'run', options: {} });
    expect(parseCliArgs(['--help']).kind).toBe('help');
    expect(parseCliArgs(['--port', '1.5']).kind).toBe('error');
    expect(parseCliArgs(['port']).kind).toBe('error');
  });
});
