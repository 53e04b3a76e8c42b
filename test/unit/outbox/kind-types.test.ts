/** Kinds are typed by their payload (KindSpec<P>): each kind's send and keys see its schema's output, not a bag. */
import { describe, expectTypeOf, it } from 'vitest';
import { bookNowKind } from '../../../main/core/outbox/kinds/booking';
import { eventMarkKind } from '../../../main/core/outbox/kinds/events';

describe('KindSpec<P>', () => {
  it("a kind's send and recordKeys get the payload its schema outputs", () => {
    expectTypeOf(eventMarkKind.send).parameter(1).toHaveProperty('state').toEqualTypeOf<string>();
    // A queued booking is its stored shape of today (an older one is brought to it when read from disk).
    expectTypeOf(bookNowKind.recordKeys).parameter(0).toHaveProperty('startsAt').toEqualTypeOf<string>();
    expectTypeOf(bookNowKind.recordKeys).parameter(0).extract<{ booking_page: unknown }>().toBeNever();
  });
});
