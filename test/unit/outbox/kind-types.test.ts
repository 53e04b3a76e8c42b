/** Kinds are typed by their payload (KindSpec<P>): each kind's send and keys see its schema's output, not a bag. */
import { describe, expectTypeOf, it } from 'vitest';
import { bookNowKind } from '../../../main/core/outbox/kinds/booking';
import { eventMarkKind } from '../../../main/core/outbox/kinds/events';

describe('KindSpec<P>', () => {
  it("a kind's send and recordKeys get the payload its schema outputs", () => {
    expectTypeOf(eventMarkKind.send).parameter(1).toHaveProperty('state').toEqualTypeOf<string>();
    // A queued booking is the form's input (or a request body app 0.1.0 queued).
    expectTypeOf(bookNowKind.recordKeys).parameter(0).extract<{ page: string }>().toHaveProperty('startsAt');
    expectTypeOf(bookNowKind.recordKeys).parameter(0).extract<{ booking_page: unknown }>().not.toBeNever();
  });
});
