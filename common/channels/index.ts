/**
 * The one channel table between the renderer and main, joined from the domains' tables: every invoke channel
 * (zod args schema + result type) and every main→renderer event. Nothing else defines channel strings.
 */
import type { z } from 'zod';
import type { Result } from '../result';
import { appEvents, appInvoke } from './app';
import { authEvents, authInvoke } from './auth';
import { bookingsEvents, bookingsInvoke } from './bookings';
import { calendarInvoke } from './calendar';
import { contactsInvoke } from './contacts';
import { messagesEvents, messagesInvoke } from './messages';
import { numbersInvoke } from './numbers';
import { outboxEvents, outboxInvoke } from './outbox';
import { storeEvents } from './store';
import { waitlistEvents, waitlistInvoke } from './waitlist';

/** Every invoke channel (`domain:verb`). */
export const invokeChannels = {
  ...appInvoke,
  ...authInvoke,
  ...calendarInvoke,
  ...outboxInvoke,
  ...bookingsInvoke,
  ...messagesInvoke,
  ...contactsInvoke,
  ...numbersInvoke,
  ...waitlistInvoke,
} as const;

/** Every main→renderer event. */
export const eventChannels = {
  ...appEvents,
  ...authEvents,
  ...outboxEvents,
  ...messagesEvents,
  ...bookingsEvents,
  ...storeEvents,
  ...waitlistEvents,
} as const;

export type InvokeChannel = keyof typeof invokeChannels;
export type EventChannel = keyof typeof eventChannels;
export type ArgsIn<C extends InvokeChannel> = z.input<(typeof invokeChannels)[C]['args']>;
export type ArgsOut<C extends InvokeChannel> = z.output<(typeof invokeChannels)[C]['args']>;
export type ResultOf<C extends InvokeChannel> = (typeof invokeChannels)[C]['result'];
export type PayloadOf<E extends EventChannel> = (typeof eventChannels)[E]['payload'];

/** Names of all invoke channels, for registration loops (a plain list the preload imports alone). */
export { invokeChannelNames } from '../channel-names';

/** True when `name` is one of our invoke channels (own key, not a prototype member). */
export function isInvokeChannel(name: unknown): name is InvokeChannel {
  return typeof name === 'string' && Object.hasOwn(invokeChannels, name);
}

/** The object the renderer sees as `window.frontdesk`. */
export interface FrontdeskBridge {
  invoke: {
    [C in InvokeChannel]: (...args: ArgsIn<C> extends undefined ? [] : [ArgsIn<C>]) => Promise<Result<ResultOf<C>>>;
  };
  on: { [E in EventChannel]: (listener: (payload: PayloadOf<E>) => void) => () => void };
}
