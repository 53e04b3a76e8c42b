/**
 * The user's data folder is private, and a damaged file in it never stops start-up:
 * - the folder is created with mode 0700, or tightened to it when it is more open, and must belong to the user;
 * - a key file must be a plain file of the user's, readable by no one else, or Frontdesk refuses to use it (a key
 *   planted by someone else would let them read everything sealed with it);
 * - a settings file that cannot be read is moved aside (kept, for support) and start-up goes on without it.
 * POSIX only: on Windows the folder's ACL (the user's profile) is what protects it, and these checks are skipped.
 */
import { chmodSync, lstatSync, mkdirSync, readFileSync, renameSync, statSync } from 'node:fs';
import type { Logger } from './platform';

/** A data folder or key file Frontdesk must not use; the message says what to do. */
export class DataFolderError extends Error {
  override name = 'DataFolderError';
}

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
    text = readFileSync(path, 'utf8');
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
