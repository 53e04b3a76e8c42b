/** Messages of the browser host's WebSocket: the contract's invoke and events as JSON. */
import { z } from 'zod';
import type { Result } from './contract';

const clientMessage = z.object({
  type: z.literal('invoke'),
  id: z.number().int().nonnegative(),
  channel: z.string().max(100),
  args: z.unknown().optional(),
});

/** What the page sends. */
export type ClientMessage = z.infer<typeof clientMessage>;

/** What the host sends. */
export type ServerMessage =
  | { type: 'result'; id: number; result: Result<unknown> }
  | { type: 'event'; channel: string; payload: unknown }
  /** Several events told in one turn of the host, in the order told. */
  | { type: 'events'; events: Array<{ channel: string; payload: unknown }> }
  | { type: 'protocol-error'; message: string }
  /** This tab's own key, sent once in exchange for the printed one the page opened with; reloads offer it. */
  | { type: 'tab-key'; key: string };

/** Parses one frame from the page; null when it is not a valid invoke. */
export function parseClientMessage(text: string): ClientMessage | null {
  try {
    const parsed = clientMessage.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
