/** The time, ticking every 30 s (now-line, "Today", highlight expiry). */
import { useEffect, useState } from 'react';

/** Epoch ms, updated every 30 seconds. */
export function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(t);
  }, []);
  return now;
}
