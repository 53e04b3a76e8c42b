/**
 * The frame that paints a first screen the host drew into the page (`#first-screen`, renderer/first-screen/): what the
 * page's entry (renderer/boot.ts) and the schedule's first read (first-answers.ts) wait for. Resolved at once without
 * one (a cold start).
 */

/** Resolves once the next frame has been painted, or after a moment (a page out of sight paints no frame). */
function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    requestAnimationFrame(() => {
      // A message after the frame's callbacks runs once the frame has gone to be painted.
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve();
      channel.port2.postMessage(null);
    });
    setTimeout(resolve, 100);
  });
}

/** The drawn first screen's frame painted (or no first screen drawn). */
export const firstFrame: Promise<void> =
  typeof document !== 'undefined' && document.getElementById('first-screen') !== null
    ? afterNextPaint()
    : Promise.resolve();
