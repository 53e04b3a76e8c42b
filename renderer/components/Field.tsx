/** A labelled form control with its error message, tied together for screen readers. */
import { cloneElement, useId, type ReactElement } from 'react';

type Control = ReactElement<{ id?: string; 'aria-describedby'?: string; 'aria-invalid'?: boolean }>;

/** Label, control, and the problem with it (if any). */
export function Field({ label, error, children }: { label: string; error?: string | undefined; children: Control }) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      {cloneElement(children, { id, ...(error ? { 'aria-describedby': errorId, 'aria-invalid': true } : {}) })}
      {error && (
        <span id={errorId} className="field-error">
          {error}
        </span>
      )}
    </div>
  );
}
