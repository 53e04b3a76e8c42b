/** How a channel is declared: an invoke channel's args schema and result type, an event's payload type. */
import { z } from 'zod';

/** No arguments. */
export const noArgs = z.undefined();
/** An outbox change named by its id. */
export const opId = z.object({ id: z.uuid() }).strict();

/** Declares an invoke channel: args schema now, result type as the generic. */
export function invoke<R>() {
  // `result` is a type-only marker (never read at run time): it carries R for Handlers and the bridge types.
  return <A extends z.ZodType>(args: A) => ({ args, result: undefined as unknown as R });
}

/** Declares an event channel with its payload type. */
export function event<P>() {
  // `payload` is a type-only marker (never read at run time): it carries P for the event types.
  return { payload: undefined as unknown as P };
}
