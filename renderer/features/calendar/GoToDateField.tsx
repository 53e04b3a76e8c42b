/**
 * The bar's "Go to date" field. Its date picker (GoToDate.tsx) is react-aria's, in the chunk loaded after the
 * schedule's first paint (later-parts.ts); until it is here the bar shows the same field drawn plainly: the date in the
 * picker's own format (numeric day, month and year in the browser's language) and its ▾. A press on it asks for the
 * picker at once, and the picker then takes the press: focus in its date, or its calendar open.
 */
import { useEffect, useRef } from 'react';
import { useLaterParts } from './later-parts';

/** The anchor day (YYYY-MM-DD) as the picker writes it, split where it splits it into segments. */
function segmentsOf(day: string): string[] {
  const format = new Intl.DateTimeFormat(navigator.language, {
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    timeZone: 'UTC',
  });
  return format.formatToParts(new Date(`${day}T12:00:00Z`)).map((part) => part.value);
}

/** The field; `onGo` gets a practice day (YYYY-MM-DD). */
export function GoToDateField({ anchor, onGo }: { anchor: string; onGo(day: string): void }) {
  const { parts, need } = useLaterParts();
  // What a press on the plain field asked for, handed to the picker when it comes.
  const pressed = useRef<'date' | 'choose' | null>(null);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const press = pressed.current;
    if (!parts || !press) return;
    pressed.current = null;
    const target = box.current?.querySelector<HTMLElement>(
      press === 'choose' ? 'button[aria-label="Choose a date"]' : '[role="spinbutton"]',
    );
    if (press === 'choose') target?.click();
    else target?.focus();
  }, [parts]);
  if (parts)
    return (
      <div ref={box} style={{ display: 'contents' }}>
        <parts.GoToDate anchor={anchor} onGo={onGo} />
      </div>
    );
  const ask = (what: 'date' | 'choose') => {
    pressed.current = what;
    need();
  };
  return (
    <div ref={box} style={{ display: 'contents' }}>
      <div className="date-picker" aria-hidden="true" data-testid="go-to-date-plain">
        <div className="date-group">
          <div className="date-input" onPointerDown={() => ask('date')}>
            {segmentsOf(anchor).map((text, i) => (
              <span key={i} className="date-segment">
                {text}
              </span>
            ))}
          </div>
          <button type="button" className="icon-button" tabIndex={-1} onPointerDown={() => ask('choose')}>
            ▾
          </button>
        </div>
      </div>
    </div>
  );
}
