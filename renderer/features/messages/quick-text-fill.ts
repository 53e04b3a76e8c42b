/**
 * Quick texts are written with placeholders in plain words — {first name}, {time}, {minutes} — and filled for one
 * patient and appointment before the text is shown for editing. A placeholder with nothing to fill it is left as it
 * is, so the person sending sees it and writes it in.
 */

/** What a quick text can be filled with. */
export interface QuickTextValues {
  firstName?: string | undefined;
  /** The appointment's time as staff say it ("9:30 AM"). */
  time?: string | undefined;
  minutes?: number | undefined;
}

const PLACEHOLDER = /\{\s*(first[\s_-]*name|name|time|minutes)\s*\}/gi;

/** The text with every placeholder that has a value filled in. */
export function fillQuickText(template: string, values: QuickTextValues): string {
  return template.replace(PLACEHOLDER, (whole, key: string) => {
    const k = key.toLowerCase().replace(/[\s_-]+/g, '');
    const value =
      k === 'firstname' || k === 'name'
        ? values.firstName
        : k === 'time'
          ? values.time
          : values.minutes === undefined
            ? undefined
            : String(values.minutes);
    return value?.trim() ? value.trim() : whole;
  });
}

/** True when the text asks for a number of minutes (the delay). */
export function needsMinutes(template: string): boolean {
  return /\{\s*minutes\s*\}/i.test(template);
}

/** The first name of "Maria Garcia" (or of "Garcia, Maria"); empty when there is no name. */
export function firstNameOf(name: string): string {
  const n = name.trim();
  if (n.includes(',')) return n.split(',')[1]?.trim().split(/\s+/)[0] ?? '';
  return n.split(/\s+/)[0] ?? '';
}
