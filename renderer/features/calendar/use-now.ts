/** The time, ticking every 30 s (now-line, "Today", highlight expiry), and whether the page is being printed. */
import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';

/** Epoch ms, updated every 30 seconds. */
export function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(t);
  }, []);
  return now;
}

/** True while the page is printed (the day sheet is rendered then; `beforeprint` renders it before the page is laid out). */
export function usePrinting(): boolean {
  // No window where a host draws the first screen (renderer/first-screen/): not printing.
  const [printing, setPrinting] = useState(() =>
    typeof window === 'undefined' ? false : (window.matchMedia?.('print').matches ?? false),
  );
  useEffect(() => {
    const media = window.matchMedia?.('print');
    const on = () => flushSync(() => setPrinting(true));
    const off = () => setPrinting(media?.matches ?? false);
    media?.addEventListener('change', off);
    window.addEventListener('beforeprint', on);
    window.addEventListener('afterprint', off);
    return () => {
      media?.removeEventListener('change', off);
      window.removeEventListener('beforeprint', on);
      window.removeEventListener('afterprint', off);
    };
  }, []);
  return printing;
}
