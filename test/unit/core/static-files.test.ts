/** The renderer's files: confined to their folder, revalidated by ETag, hashed assets immutable, text compressed. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { notModified, readStatic } from '../../../main/core/static-files';

const root = mkdtempSync(join(tmpdir(), 'frontdesk-static-'));
const html = `<!doctype html><title>Frontdesk</title>${'<p>calendar</p>'.repeat(200)}`;
const js = `export const screens = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => `screen ${i}`))};`;
mkdirSync(join(root, 'assets'));
writeFileSync(join(root, 'index.html'), html);
writeFileSync(join(root, 'assets', 'index-CS6ZKb5m.js'), js);
writeFileSync(join(root, 'favicon.svg'), '<svg/>');
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('static files', () => {
  it('marks hashed assets immutable and asks for revalidation of the rest', async () => {
    expect((await readStatic(root, '/assets/index-CS6ZKb5m.js'))?.cacheControl).toBe(
      'public, max-age=31536000, immutable',
    );
    expect((await readStatic(root, '/'))?.cacheControl).toBe('no-cache');
    expect((await readStatic(root, '/favicon.svg'))?.cacheControl).toBe('no-cache');
  });

  it('gives a stable ETag that a repeat request can match for a 304, and a new one when the file changes', async () => {
    const first = await readStatic(root, '/index.html');
    const again = await readStatic(root, '/index.html');
    expect(first?.etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(again?.etag).toBe(first?.etag);
    expect(notModified(first!.etag, first!.etag)).toBe(true);
    expect(notModified(`W/${first!.etag}, "other"`, first!.etag)).toBe(true);
    expect(notModified('"other"', first!.etag)).toBe(false);
    expect(notModified(undefined, first!.etag)).toBe(false);
    writeFileSync(join(root, 'favicon.svg'), '<svg viewBox="0 0 1 1"/>');
    const before = (await readStatic(root, '/favicon.svg'))!.etag;
    writeFileSync(join(root, 'favicon.svg'), '<svg viewBox="0 0 20 20"/>');
    expect((await readStatic(root, '/favicon.svg'))!.etag).not.toBe(before);
  });

  it('compresses text as the browser accepts, and the bytes decode to the file', async () => {
    const br = await readStatic(root, '/assets/index-CS6ZKb5m.js', 'gzip, deflate, br');
    const gz = await readStatic(root, '/assets/index-CS6ZKb5m.js', 'gzip');
    const plain = await readStatic(root, '/assets/index-CS6ZKb5m.js', 'br;q=0, gzip;q=0');
    expect(br?.encoding).toBe('br');
    expect(brotliDecompressSync(br!.body).toString()).toBe(js);
    expect(br!.body.length).toBeLessThan(js.length / 2);
    expect(gz?.encoding).toBe('gzip');
    expect(gunzipSync(gz!.body).toString()).toBe(js);
    expect(plain?.encoding).toBeNull();
    expect(plain!.body.toString()).toBe(js);
    expect(new Set([br!.etag, gz!.etag, plain!.etag]).size).toBe(3);
  });

  it('reads a file once however many ask for it before the first read ends: one copy in memory, one compression', async () => {
    writeFileSync(join(root, 'assets', 'big-Bq7mXp2Lc9.js'), js.repeat(40));
    const asked = await Promise.all(
      Array.from({ length: 50 }, (_, i) => readStatic(root, '/assets/big-Bq7mXp2Lc9.js', i % 2 ? 'br' : '')),
    );
    const raw = asked.filter((_, i) => i % 2 === 0).map((f) => f!.body);
    const br = asked.filter((_, i) => i % 2 === 1).map((f) => f!.body);
    expect(new Set(raw).size).toBe(1);
    expect(new Set(br).size).toBe(1);
    expect(brotliDecompressSync(br[0]!).equals(raw[0]!)).toBe(true);
  });

  it('never serves outside its folder', async () => {
    writeFileSync(join(root, '..', 'frontdesk-outside.txt'), 'outside');
    for (const path of ['/../frontdesk-outside.txt', '/%2e%2e/frontdesk-outside.txt', '/%00', '/assets', '/%E0%A4%A'])
      expect(await readStatic(root, path), path).toBeNull();
    rmSync(join(root, '..', 'frontdesk-outside.txt'));
  });
});
