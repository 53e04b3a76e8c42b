/**
 * No channel may carry a token, code or verifier to the renderer. Args schemas are walked at
 * run time; result and event types are checked at compile time (typecheck fails on a match).
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  eventChannels,
  invokeChannels,
  type EventChannel,
  type InvokeChannel,
  type PayloadOf,
  type ResultOf,
} from '../../../common/contract';

const SECRET = /token|verifier|secret|password|^code$|authorization|bearer|cookie/i;

function propertyNames(schema: unknown, out: string[] = []): string[] {
  if (Array.isArray(schema)) schema.forEach((s) => propertyNames(s, out));
  else if (schema && typeof schema === 'object') {
    for (const [key, value] of Object.entries(schema)) {
      if (key === 'properties' && value && typeof value === 'object') out.push(...Object.keys(value));
      propertyNames(value, out);
    }
  }
  return out;
}

/** Every key at any depth of T. */
type DeepKeys<T> = T extends readonly (infer U)[]
  ? DeepKeys<U>
  : T extends object
    ? { [K in keyof T & string]: K | DeepKeys<T[K]> }[keyof T & string]
    : never;
type SecretKey =
  | `${string}oken${string}`
  | `${string}erifier${string}`
  | `${string}ecret${string}`
  | `${string}assword${string}`
  | 'code'
  | `${string}uthorization${string}`;
type Leaks<T> = Extract<DeepKeys<T>, SecretKey>;
type ResultLeaks = { [C in InvokeChannel]: Leaks<ResultOf<C>> }[InvokeChannel];
type EventLeaks = { [E in EventChannel]: Leaks<PayloadOf<E>> }[EventChannel];

// Compile-time: these assignments fail to typecheck if any result or event type has a secret-named key.
const noResultLeak: [ResultLeaks] extends [never] ? true : ResultLeaks = true;
const noEventLeak: [EventLeaks] extends [never] ? true : EventLeaks = true;

describe('the contract carries no secrets', () => {
  it('has no secret-named field in any args schema', () => {
    for (const [channel, { args }] of Object.entries(invokeChannels)) {
      const names = propertyNames(z.toJSONSchema(args, { unrepresentable: 'any' }));
      expect(
        names.filter((n) => SECRET.test(n)),
        channel,
      ).toEqual([]);
    }
  });

  it('has no secret-named field in any result or event type', () => {
    expect(noResultLeak).toBe(true);
    expect(noEventLeak).toBe(true);
    expect(Object.keys(eventChannels)).toContain('auth:changed');
  });

  it('would catch a leak (the check itself works)', () => {
    type Bad = { state: string; session: { refreshToken: string } };
    const leak: Leaks<Bad> = 'refreshToken';
    expect(SECRET.test(leak)).toBe(true);
    expect(
      propertyNames(z.toJSONSchema(z.object({ nested: z.object({ code: z.string() }) }))).filter((n) => SECRET.test(n)),
    ).toEqual(['code']);
  });
});
