/** Words for the outbox's notices, shared by the status bar and the notices themselves. */

/**
 * How many changes may not have been sent, as a sentence's start ("Up to 3 changes…", "1 change…"); "Some changes…"
 * when the app cannot tell whether its log is whole (`unsure`), so no count would be honest.
 */
export function mayNotHaveBeenSent(count: number, unsure = false): string {
  if (unsure) return 'Some changes may not have been sent';
  return count === 1 ? '1 change may not have been sent' : `Up to ${count} changes may not have been sent`;
}
