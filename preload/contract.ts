/**
 * The one IPC contract between the renderer and main: every invoke channel (zod args schema +
 * result type) and every main→renderer event. Nothing else defines channel strings.
 */
import { z } from 'zod';

/** Stable error codes the UI can act on. */
export type ErrorCode =
  | 'validation'
  | 'forbidden_sender'
  | 'unknown_channel'
  | 'offline'
  | 'signed_out'
  | 'insufficient_scope'
  | 'service_error'
  | 'internal';

/** An error that crossed the bridge as a value. */
export interface IpcError {
  code: ErrorCode;
  message: string;
  /** Field paths that failed validation, when code is 'validation'. */
  issues?: { path: string; message: string }[];
}

/** What every handler returns. */
export type Result<T> = { ok: true; value: T } | { ok: false; error: IpcError };

/** Live reachability of the configured service, from a real probe (the OS flag is only a hint). */
export interface Connectivity {
  state: 'online' | 'offline' | 'checking';
  /** Epoch ms of the last completed probe, null before the first. */
  checkedAt: number | null;
  /** Epoch ms since when the service has been unreachable, null when online. */
  offlineSince: number | null;
  /** Plain-words reason for the last failed probe ("No answer from the service"). */
  reason: string | null;
}

/** Facts about this install, shown on the first screen. */
export interface AppInfo {
  name: string;
  version: string;
  mode: 'electron' | 'browser';
  serviceUrl: string;
  portalUrl: string;
  /** True when Frontdesk runs against the local sandbox stand-in, not a real service. */
  usingSandbox: boolean;
}

const noArgs = z.undefined();

/** Declares an invoke channel: args schema now, result type as the generic. */
function invoke<R>() {
  return <A extends z.ZodType>(args: A) => ({ args, result: undefined as unknown as R });
}

/** Declares an event channel with its payload type. */
function event<P>() {
  return { payload: undefined as unknown as P };
}

/** Every invoke channel (`domain:verb`). */
export const invokeChannels = {
  'app:info': invoke<AppInfo>()(noArgs),
  'app:connectivity': invoke<Connectivity>()(noArgs),
  'app:check-connectivity': invoke<Connectivity>()(noArgs),
} as const;

/** Every main→renderer event. */
export const eventChannels = {
  'connectivity:changed': event<Connectivity>(),
  /** Browser host only: main asks the page to open a vetted URL in a new tab. */
  'shell:open-url': event<{ url: string }>(),
} as const;

export type InvokeChannel = keyof typeof invokeChannels;
export type EventChannel = keyof typeof eventChannels;
export type ArgsIn<C extends InvokeChannel> = z.input<(typeof invokeChannels)[C]['args']>;
export type ArgsOut<C extends InvokeChannel> = z.output<(typeof invokeChannels)[C]['args']>;
export type ResultOf<C extends InvokeChannel> = (typeof invokeChannels)[C]['result'];
export type PayloadOf<E extends EventChannel> = (typeof eventChannels)[E]['payload'];

/** Names of all invoke channels, for registration loops. */
export const invokeChannelNames = Object.keys(invokeChannels) as InvokeChannel[];
/** Names of all event channels, for forwarding loops. */
export const eventChannelNames = Object.keys(eventChannels) as EventChannel[];

/** True when `name` is one of our invoke channels (own key, not a prototype member). */
export function isInvokeChannel(name: unknown): name is InvokeChannel {
  return typeof name === 'string' && Object.hasOwn(invokeChannels, name);
}

/** True when `name` is one of our event channels. */
export function isEventChannel(name: unknown): name is EventChannel {
  return typeof name === 'string' && Object.hasOwn(eventChannels, name);
}

/** The object the renderer sees as `window.frontdesk`. */
export interface FrontdeskBridge {
  invoke: {
    [C in InvokeChannel]: (
      ...args: ArgsIn<C> extends undefined ? [] : [ArgsIn<C>]
    ) => Promise<Result<ResultOf<C>>>;
  };
  on: { [E in EventChannel]: (listener: (payload: PayloadOf<E>) => void) => () => void };
}
