/**
 * Forms are checked with the contract's own schemas (the ones main parses the call with), so a form refuses exactly
 * what main would. This turns the schema's issues into the form's messages, keyed by the form's field names.
 */
import type { z } from 'zod';

/** Field name → plain-word message. */
export type FieldErrors = Partial<Record<string, string>>;

/**
 * The problems `schema` finds in `value`, keyed by `fieldOf(issue.path)` (the first issue of a field wins; issues no
 * field shows are left out, so the caller's own checks decide about those).
 */
export function fieldErrors(
  schema: z.ZodType,
  value: unknown,
  fieldOf: (path: readonly PropertyKey[]) => string | null,
): FieldErrors {
  const parsed = schema.safeParse(value);
  const errors: FieldErrors = {};
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) {
    const field = fieldOf(issue.path);
    if (field !== null && errors[field] === undefined) errors[field] = issue.message;
  }
  return errors;
}
