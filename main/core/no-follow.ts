/**
 * Open flags for files in the data folder that never follow a link planted at the file's own name: the open fails
 * (ELOOP) instead, so patient data is never written to, or read from, a file outside the folder. Pass them as the
 * `flag` of `readFile`/`writeFile`/`appendFile` or as the flags of `open`/`openSync` (Node takes numbers there).
 *
 * Only the last part of the path is guarded; the folders on the way are checked at start (data-folder.ts) and are
 * private (0700) from then on. Windows has no O_NOFOLLOW (Node leaves it undefined): there the flags are the plain
 * ones, and the folder's ACL (the user's profile) is what keeps others from planting links.
 *
 * Plain Node: used by core and the browser host, never imports electron.
 */
import { constants } from 'node:fs';

const { O_RDONLY, O_WRONLY, O_CREAT, O_EXCL, O_TRUNC, O_APPEND } = constants;
// Typed as always present, but undefined on Windows.
const NOFOLLOW = (constants as Partial<typeof constants>).O_NOFOLLOW ?? 0;

/** Flags that refuse a link at the file's name. */
export const NO_FOLLOW = {
  /** Read an existing file ('r'). */
  read: O_RDONLY | NOFOLLOW,
  /** Append, creating the file when missing ('a'). */
  append: O_WRONLY | O_APPEND | O_CREAT | NOFOLLOW,
  /** Create a new file only ('wx'): anything already at the name, a link included, makes it fail (EEXIST). */
  create: O_WRONLY | O_CREAT | O_EXCL | NOFOLLOW,
  /** Create or empty the file ('w'). */
  replace: O_WRONLY | O_CREAT | O_TRUNC | NOFOLLOW,
} as const;
