/**
 * The first screen a host may write into the page it serves (`<div id="first-screen" inert aria-hidden="true">`,
 * drawn by renderer/first-screen/ from core's saved answers): it covers the window (components/frame.css) while the
 * app starts beneath it, and goes once the app shows its own screen: at the schedule's first paint when that is the
 * screen the copy shows (the same account's), at once for any other screen or when the app could not start.
 */

const COVER_ID = 'first-screen';

/** The account whose schedule the copy shows (its `data-account`), or null when the page has no copy. */
export function firstScreenAccount(): string | null {
  const cover = document.getElementById(COVER_ID);
  if (!cover) return null;
  return cover.querySelector('[data-account]')?.getAttribute('data-account') ?? '';
}

/** Takes the copy away (nothing when there is none). */
export function dropFirstScreen(): void {
  document.getElementById(COVER_ID)?.remove();
}
