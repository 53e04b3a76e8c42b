/**
 * The page's first script (index.html). It runs the entry (main.tsx) at once, or, when the host wrote the saved day into
 * the page (`#first-screen`, renderer/first-screen/), once the frame that paints it has been painted: a module the page
 * loads runs straight after the page is parsed, before any frame, so the entry's own work (React's evaluation, its first
 * render, the link to core) held that frame back by its whole run. The entry and what it imports are fetched and
 * compiled meanwhile (`modulepreload`, electron.vite.config.mts).
 *
 * The link to core does not wait for that frame: this file imports main/first-answers.ts, which opens it and asks core
 * for what the app's first render needs as it runs, so core answers while the drawn day is painted and the entry's code
 * runs; the entry takes those answers (main/start.ts imports the same module). Opened after the frame, the link's round
 * trips came after it too. The schedule's read alone waits for the frame (main/first-frame.ts): a day's answer, and
 * core's own read of it, held the frame back. What this file reaches is the link alone (no React, no zod, no store:
 * test/unit/bench/first-paint.test.ts).
 *
 * The page's stylesheets are this file's: the first screen is drawn with them.
 */
import './theme/tokens.css';
import './components/frame.css';
import './components/controls.css';
import './components/overlays.css';
import { firstFrame } from './main/first-frame';
// Opens the link to core and asks its first questions now, before the frame a first screen waits for.
import './main/first-answers';

void firstFrame.then(() => import('./main'));
