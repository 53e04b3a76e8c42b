/** `waitlist:*` handlers: the list, adding and removing patients, offering a freed time by text. */
import type { WaitlistService } from '../waitlist/waitlist-service';
import type { DomainHandlers } from './dispatch';
import { serviceResult } from './result';

/** Builds the waitlist handlers. */
export function waitlistHandlers(deps: { waitlist: WaitlistService }) {
  const w = deps.waitlist;
  return {
    'waitlist:list': () => serviceResult(() => w.list()),
    'waitlist:add': (input) => serviceResult(() => w.add(input)),
    'waitlist:remove': ({ key }) => serviceResult(() => w.remove(key)),
    'waitlist:offer': (input) => serviceResult(() => w.offer(input)),
  } satisfies DomainHandlers<'waitlist'>;
}
