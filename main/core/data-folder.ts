/**
 * The user's data folder is private, and a damaged file in it never stops start-up:
 * - the folder is created with mode 0700, or tightened to it when it is more open, and must belong to the user;
 * - so must everything in the folders Frontdesk writes in it (`outbox/`, `logs/`, `cache/`, `notes/`), looked at
 *   without following links: a link is removed, folders are made 0700 and files 0600, and an entry of another user's stops
 *   start-up (files are also opened without following links: no-follow.ts);
 * - a key file must be a plain file of the user's, readable by no one else, or Frontdesk refuses to use it (a key
 *   planted by someone else would let them read everything sealed with it);
 * - a settings file that cannot be read is moved aside (kept, for support) and start-up goes on without it.
 * POSIX only: on Windows the folder's ACL (the user's profile) is what protects it, and these checks are skipped.
 */
import {
  chmodSync,
  constants,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  type Stats,
} from 'node:fs';
import { join } from 'node:path';
import { NO_FOLLOW } from './no-follow';
import type { Logger } from './platform';

/** A data folder or key file Frontdesk must not use; the message says what to do. */
export class DataFolderError extends Error {
  override name = 'DataFolderError';
}

// Typed as always present, but undefined on Windows.
const NONBLOCK = (constants as Partial<typeof constants>).O_NONBLOCK ?? 0;
const posix = process.platform !== 'win32' && typeof process.getuid === 'function';
const octal = (mode: number) => `0${(mode & 0o777).toString(8)}`;

/** Creates the folder (0700) or tightens it to 0700; refuses a folder that belongs to another user. */
export function secureDataFolder(dir: string, log: Logger): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (!posix) return;
  const info = statSync(dir);
  if (info.uid !== process.getuid!())
    throw new DataFolderError(
      `The data folder ${dir} belongs to another user, so Frontdesk will not use it. Remove it, or run Frontdesk as its owner.`,
    );
  if ((info.mode & 0o077) !== 0) {
    chmodSync(dir, 0o700);
    log.warn('tightened the data folder to 0700', { was: octal(info.mode) });
  }
  const tightened = { folders: 0, files: 0 };
  for (const name of INSIDE) secureEntry(dir, name, log, tightened);
  if (tightened.folders + tightened.files > 0)
    log.warn('tightened entries inside the data folder (folders to 0700, files to 0600)', tightened);
}

/** The folders Frontdesk writes in, inside the data folder: everything in them is checked at each start. */
export const INSIDE = ['outbox', 'logs', 'cache', 'notes'];

const kindOf = (info: Stats) =>
  info.isSymbolicLink() ? 'link' : info.isFIFO() ? 'pipe' : info.isSocket() ? 'socket' : 'device';

/**
 * Checks one entry (`name` is relative to the data folder) with lstat, never following a link, then what it holds.
 * - A link, or anything else that is neither a plain file nor a folder (pipe, socket, device), is removed: Frontdesk
 *   never makes one and none holds its data (unlinking takes the link itself, never what it points to), while keeping
 *   it would let a write follow it out of the folder, or a read hang on a pipe.
 * - An entry of another user's is refused, and left as it is: it may be this user's own queued changes written while
 *   Frontdesk ran under another account (moving or removing it could lose them), and Frontdesk can neither make it
 *   private nor trust what someone else can change. Whoever owns the computer decides (the message says how).
 * - Otherwise it is tightened: folders to 0700, files to 0600.
 */
function secureEntry(dir: string, name: string, log: Logger, tightened: { folders: number; files: number }): void {
  const path = join(dir, name);
  let info: Stats;
  try {
    info = lstatSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  if (!info.isFile() && !info.isDirectory()) {
    unlinkSync(path);
    // The entry's name only (folder names and hashes, no patient data); never what a link pointed to.
    log.warn('removed a link from the data folder', { entry: name, kind: kindOf(info) });
    return;
  }
  if (info.uid !== process.getuid!())
    throw new DataFolderError(
      `Frontdesk will not start: ${path} belongs to another user. If you did not put it there, remove it; if Frontdesk once ran under another account, make it yours (chown) and start again.`,
    );
  // Exactly 0700 or 0600: also gives back the user's own access to a folder found closed to them (0000), so that what
  // it holds can be checked too.
  const want = info.isDirectory() ? 0o700 : 0o600;
  if ((info.mode & 0o777) !== want) {
    chmodSync(path, want);
    tightened[info.isDirectory() ? 'folders' : 'files']++;
  }
  if (info.isDirectory()) for (const entry of readdirSync(path)) secureEntry(dir, join(name, entry), log, tightened);
}

/** Throws unless `path` is missing or a plain file of this user that no one else can read or write. */
export function checkPrivateFile(path: string, what: string): void {
  if (!posix) return;
  let info;
  try {
    info = lstatSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  const problem = !info.isFile()
    ? 'is not a plain file'
    : info.uid !== process.getuid!()
      ? 'belongs to another user'
      : (info.mode & 0o077) !== 0
        ? `can be read or changed by other users (mode ${octal(info.mode)})`
        : null;
  if (problem)
    throw new DataFolderError(
      `Frontdesk will not use the ${what} ${path}: it ${problem}. If you did not put it there, remove it; otherwise make it yours and private (chmod 600).`,
    );
}

/** Renames `path` to `<path>.damaged-<time>` and says so in the log; returns the new path. */
function setAside(path: string, log: Logger, reason: string): string {
  const aside = `${path}.damaged-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  renameSync(path, aside);
  log.warn('moved a damaged file aside', { file: path, keptAs: aside, reason });
  return aside;
}

/** Moves a JSON settings file aside when it cannot be read as a JSON object; returns where it went, or null. */
export function setAsideUnreadableJson(path: string, log: Logger): string | null {
  let text: string;
  try {
    // A link at the settings' name is not read through (ELOOP): it is moved aside like a damaged file. Nor does a pipe
    // planted there hang start-up: opened without waiting for a writer, it reads as empty and is moved aside too.
    text = readFileSync(path, { encoding: 'utf8', flag: NO_FOLLOW.read | NONBLOCK });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    return setAside(path, log, (error as Error).message);
  }
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return null;
    return setAside(path, log, 'not a JSON object');
  } catch (error) {
    return setAside(path, log, (error as Error).message);
  }
}
