/**
 * The header's About button: a plain button, so react-aria is not in the JS the first paint needs; the About box loads
 * when it is first pressed.
 */
import { lazy, Suspense, useState } from 'react';
import { useAppStore } from '../../stores/app-store';
import './shell.css';

const AboutDialog = lazy(() => import('./AboutDialog').then((m) => ({ default: m.AboutDialog })));

/** "About" and, once pressed, the About box. */
export function AboutButton() {
  const hasInfo = useAppStore((s) => s.info !== null);
  const [open, setOpen] = useState(false);
  if (!hasInfo) return null;
  return (
    <>
      <button type="button" className="link-button" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        About
      </button>
      {open && (
        <Suspense fallback={null}>
          <AboutDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
