/** Words for the outbox's notices, shared by the status bar and the notices themselves. */

/** How many changes may not have been sent, as a sentence's start ("Up to 3 changes…", "1 change…"). */
export function mayNotHaveBeenSent(count: number): string {
  return count === 1 ? '1 change may not have been sent' : `Up to ${count} changes may not have been sent`;
}
