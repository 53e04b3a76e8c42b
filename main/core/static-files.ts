/**
 * Serves the built renderer from disk, confined to its folder: an ETag on every file (a repeat visit costs a 304),
 * hashed assets marked immutable, and text compressed once (brotli or gzip, as the browser accepts) and kept.
 */
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

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
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.svg', '.json', '.map']);
/** Vite names built assets `name-<hash>.ext` under assets/: their content never changes under that name. */
const HASHED = /^assets\/[^/]+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/;

/** A file as sent: its bytes (compressed when asked), type, and caching headers. */
export interface StaticFile {
  body: Buffer;
  type: string;
  etag: string;
  /** `br`, `gzip`, or null for the bytes as on disk. */
  encoding: 'br' | 'gzip' | null;
  cacheControl: string;
}

interface Loaded {
  stamp: string;
  raw: Buffer;
  etag: string;
  br?: Buffer;
  gzip?: Buffer;
}

const loaded = new Map<string, Loaded>();
/** Reads under way, by file and stamp: requests that arrive meanwhile share the one read. */
const loading = new Map<string, Promise<Loaded>>();

/** The file under `root` for a URL path, or null when the path is outside the folder or missing. */
export async function readStatic(root: string, urlPath: string, acceptEncoding = ''): Promise<StaticFile | null> {
  const relative = relativePath(urlPath);
  if (relative === null) return null;
  const full = normalize(join(root, relative));
  if (full !== root && !full.startsWith(root.endsWith(sep) ? root : root + sep)) return null;
  let file: Loaded;
  try {
    file = await load(full);
  } catch {
    return null;
  }
  const ext = extname(full);
  const encoding = COMPRESSIBLE.has(ext) && file.raw.length > 1024 ? pickEncoding(acceptEncoding) : null;
  const body =
    encoding === 'br'
      ? (file.br ??= brotli(file.raw))
      : encoding === 'gzip'
        ? (file.gzip ??= gzipSync(file.raw))
        : file.raw;
  return {
    body,
    type: TYPES[ext] ?? 'application/octet-stream',
    // The same bytes compressed differently are different representations (RFC 9110 §8.8.3).
    etag: encoding ? `"${file.etag}-${encoding}"` : `"${file.etag}"`,
    encoding,
    cacheControl: HASHED.test(relative) ? 'public, max-age=31536000, immutable' : 'no-cache',
  };
}

/** True when the request's If-None-Match names this representation (a 304 will do). */
export function notModified(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}

function relativePath(urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath.split('?')[0] ?? '/');
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  return decoded === '/' ? 'index.html' : decoded.replace(/^\/+/, '');
}

async function load(full: string): Promise<Loaded> {
  const info = await stat(full);
  if (!info.isFile()) throw new Error('not a file');
  const stamp = `${info.size}:${info.mtimeMs}`;
  const cached = loaded.get(full);
  if (cached?.stamp === stamp) return cached;
  // However many ask for a file before its first read ends, it is read (and later compressed) once: one copy in memory.
  const key = `${stamp}\0${full}`;
  let pending = loading.get(key);
  if (!pending) {
    pending = readFile(full)
      .then((raw) => {
        const file = { stamp, raw, etag: createHash('sha256').update(raw).digest('base64url').slice(0, 22) };
        loaded.set(full, file);
        return file;
      })
      .finally(() => loading.delete(key));
    loading.set(key, pending);
  }
  return pending;
}

function pickEncoding(accept: string): 'br' | 'gzip' | null {
  const offered = accept
    .toLowerCase()
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, q]) => !q || !/^\s*q\s*=\s*0(\.0*)?\s*$/.test(q))
    .map(([name]) => name?.trim());
  if (offered.includes('br')) return 'br';
  if (offered.includes('gzip')) return 'gzip';
  return null;
}

function brotli(raw: Buffer): Buffer {
  return brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } });
}
