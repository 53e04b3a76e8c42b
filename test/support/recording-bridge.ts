/**
 * For component tests: `window.frontdesk` as a stand-in that records every call and answers each channel from a
 * table (a function of the args, or a fixed value; `null` otherwise). The one event fired is core's: a read asked
 * `savedFirst` is told its fresh answer (the same one) as `store:changed`, as core does. Install it before the
 * components are imported: the renderer reads the bridge when it loads.
 */
import type { FrontdeskBridge, OutboxItem } from '../../common/contract';

/** A recorded call. */
export interface BridgeCall {
  channel: string;
  args: unknown;
}

/** Installs the stand-in; returns the list it records into. */
export function installRecordingBridge(answers: Record<string, unknown> = {}): BridgeCall[] {
  const calls: BridgeCall[] = [];
  const storeListeners = new Set<(change: unknown) => void>();
  /** Core tells a saved-first read its fresh answer after answering it. */
  const tellFresh = (channel: string, args: unknown, value: unknown) => {
    const { savedFirst: _asked, ...rest } = args as Record<string, unknown>;
    const named = channel === 'contacts:search' ? { ...rest, addressBookId: rest.addressBookId ?? null } : rest;
    const fresh = { of: channel, ...named, answer: { ok: true, value } };
    const change = { appointments: [], removedAppointments: [], bookings: [], fresh };
    setTimeout(() => storeListeners.forEach((l) => l(change)), 0);
  };
  const invoke = new Proxy(
    {},
    {
      get: (_t, channel: string) => async (args: unknown) => {
        calls.push({ channel, args });
        const answer = answers[channel];
        // A function may answer later (a promise): the call waits for it, as a slow core's would.
        const value: unknown = await (typeof answer === 'function'
          ? (answer as (a: unknown) => unknown)(args)
          : (answer ?? null));
        if (args && typeof args === 'object' && 'savedFirst' in args) tellFresh(channel, args, value);
        return { ok: true, value };
      },
    },
  );
  const on = new Proxy(
    {},
    {
      get: (_t, channel: string) => (listener: (payload: unknown) => void) => {
        if (channel !== 'store:changed') return () => undefined;
        storeListeners.add(listener);
        return () => storeListeners.delete(listener);
      },
    },
  );
  // Only what the components call is answered: a stand-in, not the typed bridge.
  window.frontdesk = { invoke, on } as unknown as FrontdeskBridge;
  return calls;
}

/**
 * For tests of the outbox's item events without a DOM: `window.frontdesk` whose only use is `on['outbox:item']`;
 * every listener the renderer subscribes is kept in the returned list (and taken out when it unsubscribes).
 */
export function installItemBridge(): ((item: OutboxItem) => void)[] {
  const listeners: ((item: OutboxItem) => void)[] = [];
  const g = globalThis as { window?: { frontdesk?: FrontdeskBridge } };
  g.window ??= {};
  g.window.frontdesk = {
    invoke: {},
    on: new Proxy(
      {},
      {
        get: (_t, channel: string) => (listener: (item: OutboxItem) => void) => {
          if (channel !== 'outbox:item') return () => undefined;
          listeners.push(listener);
          return () => listeners.splice(listeners.indexOf(listener), 1);
        },
      },
    ),
  } as unknown as FrontdeskBridge;
  return listeners;
}
