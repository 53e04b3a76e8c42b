/** Kinds are typed by their payload (KindSpec<P>): each kind's send and keys see its schema's output, not a bag. */
import { describe, expectTypeOf, it } from 'vitest';
import { bookNowKind } from '../../../main/core/outbox/kinds/booking';
import { eventMarkKind } from '../../../main/core/outbox/kinds/events';

describe('KindSpec<P>', () => {
  it("a kind's send and recordKeys get the payload its schema outputs", () => {
    expectTypeOf(eventMarkKind.send).parameter(1).toHaveProperty('state').toEqualTypeOf<string>();
    expectTypeOf(bookNowKind.recordKeys).parameter(0).toHaveProperty('booking_page').toEqualTypeOf<string | number>();
  });
});
