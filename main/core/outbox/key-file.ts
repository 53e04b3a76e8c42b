/**
 * The outbox's data key on disk: its own small file beside the log, in two copies (`data-key.json` and
 * `data-key.copy.json`), so one damaged or deleted copy costs nothing and a damaged settings file never touches it.
 * Each copy is written by temp file, fsync and rename (then the folder is fsynced): a crash leaves the old copy or the
 * new one, never half of one. A copy carries a check of its own content, so damage is told apart from a keystore that
 * can no longer unwrap it.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { open, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { NO_FOLLOW } from '../no-follow';
import type { Logger } from '../platform';
import { fsyncDir } from './log-file';

const FORMAT = 'frontdesk-outbox-key';
/** The two copies, in the order they are read. */
export const KEY_FILES = ['data-key.json', 'data-key.copy.json'] as const;

/** The key as stored: wrapped by the platform's keystore, or (without a usable keystore) unprotected. */
export interface StoredKey {
  sealed: 'wrapped' | 'plain';
  /** base64: the keystore's ciphertext of the key, or the key itself. */
  key: string;
}

const base64 = z
  .string()
  .min(1)
  .max(4096)
  .regex(/^[A-Za-z0-9+/]+={0,2}$/);

const fileSchema = z
  .object({
    format: z.literal(FORMAT),
    v: z.literal(1),
    sealed: z.enum(['wrapped', 'plain']),
    key: base64,
    check: z.string().regex(/^[0-9a-f]{16}$/),
  })
  .strict();

function checkOf(stored: StoredKey): string {
  return createHash('sha256').update(`${FORMAT}/1\n${stored.sealed}\n${stored.key}`).digest('hex').slice(0, 16);
}

/** Parses one copy's text; null when it is not a whole, undamaged key file. */
function parseCopy(text: string): StoredKey | null {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = fileSchema.safeParse(json);
  if (!parsed.success) return null;
  const stored: StoredKey = { sealed: parsed.data.sealed, key: parsed.data.key };
  return checkOf(stored) === parsed.data.check ? stored : null;
}

function serialize(stored: StoredKey): string {
  return `${JSON.stringify({ format: FORMAT, v: 1, sealed: stored.sealed, key: stored.key, check: checkOf(stored) })}\n`;
}

/** What the two copies held. */
interface KeyCopies {
  /** The key of the first good copy, or null when neither is good. */
  stored: StoredKey | null;
  /** Copies that exist but cannot be read (damaged), by file name. */
  damaged: string[];
  /** Copies that are missing, or damaged, or differ from the good one: rewritten by `repair`. */
  stale: string[];
  /** Each copy, in the order of KEY_FILES, when it is whole (two whole copies may still differ). */
  whole: Array<StoredKey | null>;
}

/** Reads both copies of the key file in `dir`. */
export async function readKeyCopies(dir: string): Promise<KeyCopies> {
  const texts = await Promise.all(
    KEY_FILES.map((name) =>
      // A link planted at a copy's name is not followed: it reads as a damaged copy (and is moved aside).
      readFile(join(dir, name), { encoding: 'utf8', flag: NO_FOLLOW.read }).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return null;
        return '';
      }),
    ),
  );
  const copies = texts.map((text) => (text === null ? null : parseCopy(text)));
  const stored = copies.find((copy) => copy !== null) ?? null;
  const damaged = KEY_FILES.filter((_, i) => texts[i] !== null && copies[i] === null);
  const stale = KEY_FILES.filter(
    (_, i) =>
      stored !== null && (copies[i] === null || copies[i]!.key !== stored.key || copies[i]!.sealed !== stored.sealed),
  );
  return { stored, damaged, stale, whole: copies };
}

/** True when a copy in `dir` holds a key wrapped by the keystore (the keystore's key is still needed to read it). */
export function holdsWrappedKey(dir: string): boolean {
  return KEY_FILES.some((name) => {
    try {
      return parseCopy(readFileSync(join(dir, name), { encoding: 'utf8', flag: NO_FOLLOW.read }))?.sealed === 'wrapped';
    } catch {
      return false;
    }
  });
}

/** Writes one copy: temp file, fsync, rename over the copy, fsync the folder. */
async function writeCopy(dir: string, name: string, text: string): Promise<void> {
  const path = join(dir, name);
  const temp = `${path}.tmp`;
  const out = await open(temp, NO_FOLLOW.replace, 0o600);
  try {
    await out.writeFile(text);
    await out.sync();
  } finally {
    await out.close();
  }
  await rename(temp, path);
  fsyncDir(dir);
}

/**
 * Writes `stored` to the copies named (both by default), one after the other: while one is being replaced, the
 * other still holds a whole key. A damaged copy is kept (renamed `*.damaged-<time>`) rather than written over.
 */
export async function writeKeyCopies(
  dir: string,
  stored: StoredKey,
  log: Logger,
  names: readonly string[] = KEY_FILES,
  damaged: readonly string[] = [],
): Promise<void> {
  const text = serialize(stored);
  for (const name of names) {
    if (damaged.includes(name)) {
      const aside = `${name}.damaged-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      await rename(join(dir, name), join(dir, aside)).catch(() => undefined);
      log.warn('a damaged copy of the outbox key file was kept aside', { file: name, keptAs: aside });
    }
    await writeCopy(dir, name, text);
  }
}

/** Removes temp files left by a crash while a copy was being written (the copy itself is whole). */
export async function removeStaleKeyTemps(dir: string): Promise<void> {
  await Promise.all(KEY_FILES.map((name) => rm(join(dir, `${name}.tmp`), { force: true })));
}
