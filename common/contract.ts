/**
 * The IPC contract as one import: the channel table (channels/, one file per domain), the model types its channels
 * carry (model/, one file per domain) and the result every invoke answers (result.ts).
 */
export * from './result';
export * from './model/app';
export * from './model/auth';
export * from './model/calendar';
export * from './model/outbox';
export * from './model/bookings';
export * from './model/messages';
export * from './model/contacts';
export * from './model/store';
export * from './model/states';
export * from './model/series';
export * from './model/numbers';
export * from './model/waitlist';
export * from './channels';
