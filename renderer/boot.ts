/**
 * The page's first script (index.html). It runs the entry (main.tsx) at once, or, when the host wrote the saved day into
 * the page (`#first-screen`, renderer/first-screen/), once the frame that paints it has been painted: a module the page
 * loads runs straight after the page is parsed, before any frame, so the entry's own work (React's evaluation, its first
 * render, the link to core) held that frame back by its whole run. The entry and what it imports are fetched and
 * compiled meanwhile (`modulepreload`, electron.vite.config.mts).
 *
 * The link to core does not wait for that frame: this file imports main/first-answers.ts, which opens it and asks core
 * for what the app's first render needs (and then the schedule's read) as it runs, so core answers while the drawn day
 * is painted and the entry's code runs; the entry takes those answers (main/start.ts imports the same module). Opened
 * after the frame, the link's round trips came after it too. What it reaches is the link alone (no React, no zod, no
 * store: test/unit/bench/first-paint.test.ts).
 *
 * The page's stylesheets are this file's: the first screen is drawn with them.
 */
import './theme/tokens.css';
import './components/frame.css';
import './components/controls.css';
import './components/overlays.css';
// Opens the link to core and asks its first questions now, before the frame a first screen waits for.
import './main/first-answers';

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

const drawn = document.getElementById('first-screen') !== null;
void (drawn ? afterNextPaint() : Promise.resolve()).then(() => import('./main'));
