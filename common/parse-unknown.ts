/**
 * Reading what was kept (a file, a setting, the page's storage): the value is checked against its schema, never
 * cast. The value must be typed `unknown`: a value typed `any` (what JSON.parse returns) is refused by the
 * signature, so the check cannot be skipped by accident — write `JSON.parse(text) as unknown`, or use `parseJson`.
 */
import type { z } from 'zod';

/** `unknown` for any type but `any`, for which it is `never` (nothing but `never` is assignable to it). */
type NotAny<V> = 0 extends 1 & V ? never : unknown;

/** The value as the schema reads it; throws the schema's error when it does not fit. */
export function parseUnknown<S extends z.ZodType, V>(schema: S, value: V & NotAny<V>): z.output<S> {
  return schema.parse(value);
}

/** The value as the schema reads it, or null when it does not fit (a miss: the caller goes on without it). */
export function parseUnknownOrNull<S extends z.ZodType, V>(schema: S, value: V & NotAny<V>): z.output<S> | null {
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** JSON text read with a schema; throws when it is not JSON or does not fit. */
export function parseJson<S extends z.ZodType>(schema: S, text: string): z.output<S> {
  return parseUnknown(schema, JSON.parse(text) as unknown);
}
