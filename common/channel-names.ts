/**
 * The channel names alone, without their schemas: what the sandboxed preload needs to build one bridge method per
 * channel, so its bundle carries no zod. Kept equal to the channel table (common/channels/index.ts) by `complete` below
 * and by test/unit/core/channel-names.test.ts.
 */
import type { EventChannel, InvokeChannel } from './channels';

/**
 * The list as given, checked by the compiler against every name of `All`: a name that is not a channel does not fit
 * `All`, and a channel left out turns the argument's type into `{ missing: <its name> }`.
 */
function complete<All extends string>() {
  return <const L extends readonly All[]>(
    list: L & ([Exclude<All, L[number]>] extends [never] ? unknown : { missing: Exclude<All, L[number]> }),
  ): readonly All[] => list;
}

/** Every invoke channel's name. */
export const invokeChannelNames = complete<InvokeChannel>()([
  'app:info',
  'app:connectivity',
  'app:check-connectivity',
  'app:open-log-folder',
  'app:print',
  'app:theme',
  'app:set-theme',
  'app:first-screen',
  'auth:status',
  'auth:sign-in',
  'auth:cancel-sign-in',
  'auth:sign-out',
  'auth:dismiss-notice',
  'calendar:range',
  'calendar:mark',
  'calendar:calendars',
  'calendar:changes',
  'calendar:event',
  'calendar:create',
  'calendar:update',
  'calendar:cancel',
  'calendar:move',
  'calendar:withdraw',
  'calendar:series-preview',
  'calendar:series-create',
  'calendar:series-change',
  'outbox:list',
  'outbox:summary',
  'outbox:retry',
  'outbox:retry-now',
  'outbox:discard',
  'outbox:send-anyway',
  'outbox:discard-held',
  'outbox:acknowledge-kept-aside',
  'outbox:start-afresh',
  'bookings:pages',
  'bookings:availability',
  'bookings:book',
  'bookings:rebook',
  'bookings:list',
  'bookings:answers',
  'bookings:draft',
  'bookings:nearest',
  'bookings:status',
  'bookings:followed',
  'bookings:dismiss',
  'messages:threads',
  'messages:thread',
  'messages:reply',
  'messages:start',
  'messages:mark-read',
  'messages:unread',
  'messages:quick-texts',
  'messages:set-quick-texts',
  'messages:activity',
  'contacts:search',
  'contacts:kept',
  'contacts:kept-list',
  'contacts:get',
  'contacts:create',
  'contacts:update',
  'contacts:delete',
  'contacts:address-books',
  'contacts:next-appointments',
  'contacts:history',
  'contacts:consent',
  'contacts:stop-texting',
  'numbers:read',
  'waitlist:list',
  'waitlist:add',
  'waitlist:remove',
  'waitlist:offer',
]);

/** Every event channel's name. */
export const eventChannelNames = complete<EventChannel>()([
  'connectivity:changed',
  'shell:open-url',
  'auth:changed',
  'outbox:changed',
  'outbox:item',
  'messages:inbound',
  'messages:unread',
  'messages:changed',
  'bookings:settling',
  'store:changed',
  'waitlist:changed',
]);
