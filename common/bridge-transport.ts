/** What a transport gives the bridge (Electron IPC in the preload, a WebSocket in the browser host's page). */
import type { Result } from './result';

/** The two primitives a transport provides. */
export interface BridgeTransport {
  invoke(channel: string, args: unknown): Promise<Result<unknown>>;
  subscribe(channel: string, listener: (payload: unknown) => void): () => void;
}
