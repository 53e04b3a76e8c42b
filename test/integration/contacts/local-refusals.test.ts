/**
 * A request core refuses by itself (nothing reaches the service) comes back as a `validation` error the form can
 * show, not as a `service_error`: here, asking the booking form to open or change a queued contact.
 */
import { describe, expect, it } from 'vitest';
import { call, callRaw, goOffline, useBootstrap } from '../../support/bootstrap';

const kit = useBootstrap({ sandbox: { contacts: 300, events: 5 } });

describe('local refusals', () => {
  it('a queued contact opened or changed as a booking is a validation error', async () => {
    await call(kit.made, 'contacts:address-books');
    await goOffline(kit.sb, kit.made);
    const contact = await call(kit.made, 'contacts:create', {
      firstName: 'Not',
      lastName: 'Booking',
      phones: [],
      emails: [],
    });
    expect(await callRaw(kit.made, 'bookings:draft', { id: contact.id })).toMatchObject({
      ok: false,
      error: { code: 'validation', message: 'That change is not a booking.' },
    });
    const booking = {
      page: 'lakeside-dental-cleaning',
      time: '2026-12-01T09:00:00',
      startsAt: '2026-12-01T09:00:00-06:00',
      name: 'Not Booking',
      phone: '',
      email: '',
      fieldData: {},
    };
    expect(await callRaw(kit.made, 'bookings:rebook', { id: contact.id, booking })).toMatchObject({
      ok: false,
      error: { code: 'validation' },
    });
  });
});
