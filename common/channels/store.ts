/** Core's one store of the practice: what changed in it, pushed to every screen. */
import type { StoreChange } from '../model/store';
import { event } from './declare';

/** The store's events. */
export const storeEvents = {
  /** Records that changed in core's store (read, polled, changed here, sent) and the ids that went. */
  'store:changed': event<StoreChange>(),
} as const;
