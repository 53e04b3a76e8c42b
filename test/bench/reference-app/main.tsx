/** The benchmark's reference: a minimal React 19 app built by the same vite, marking its first paint like Frontdesk. */
import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';

/** Element Timing's name on its text (test/bench/marks.ts REFERENCE_TIMING): row 2b reads when it was shown. */
const SHOWN = { elementtiming: 'fd-reference-shown' } as Record<string, string>;

function App() {
  const [rows] = useState(() => Array.from({ length: 15 }, (_, i) => `Appointment ${i + 1}`));
  useEffect(() => {
    const frame = requestAnimationFrame(() => setTimeout(() => performance.mark('fd:schedule-painted'), 0));
    return () => cancelAnimationFrame(frame);
  }, []);
  return (
    <main>
      <h1 {...SHOWN}>Today</h1>
      <ul>
        {rows.map((r) => (
          <li key={r} {...SHOWN}>
            {r}
          </li>
        ))}
      </ul>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
