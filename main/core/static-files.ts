/** Serves the built renderer from disk, confined to its folder. */
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
  '.map': 'application/json',
};

/** A file to send, or null when the path is outside the folder or missing. */
export async function readStatic(root: string, urlPath: string): Promise<{ body: Buffer; type: string } | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath.split('?')[0] ?? '/');
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const relative = decoded === '/' ? 'index.html' : decoded.replace(/^\/+/, '');
  const full = normalize(join(root, relative));
  if (full !== root && !full.startsWith(root.endsWith(sep) ? root : root + sep)) return null;
  try {
    const body = await readFile(full);
    return { body, type: TYPES[extname(full)] ?? 'application/octet-stream' };
  } catch {
    return null;
  }
}
