/**
 * For component tests: `window.frontdesk` as a stand-in that records every call and answers each channel from a
 * table (a function of the args, or a fixed value; `null` otherwise). Events are never fired. Install it before the
 * components are imported: the renderer reads the bridge when it loads.
 */
import type { FrontdeskBridge } from '../../common/contract';

/** A recorded call. */
export interface BridgeCall {
  channel: string;
  args: unknown;
}

/** Installs the stand-in; returns the list it records into. */
export function installRecordingBridge(answers: Record<string, unknown> = {}): BridgeCall[] {
  const calls: BridgeCall[] = [];
  const invoke = new Proxy(
    {},
    {
      get: (_t, channel: string) => async (args: unknown) => {
        calls.push({ channel, args });
        const answer = answers[channel];
        return {
          ok: true,
          value: typeof answer === 'function' ? (answer as (a: unknown) => unknown)(args) : (answer ?? null),
        };
      },
    },
  );
  const on = new Proxy({}, { get: () => () => () => undefined });
  // Only what the components call is answered: a stand-in, not the typed bridge.
  window.frontdesk = { invoke, on } as unknown as FrontdeskBridge;
  return calls;
}
