/**
 * A request core refuses by itself (nothing reaches the service) comes back as a `validation` error the form can
 * show, not as a `service_error`: here, asking the booking form to open or change a queued contact.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../sandbox/index';
import type { MadeCore } from '../../support/auth-fixture';
import { call, callRaw, goOffline, signedInCore, startContactsSandbox } from './contacts-kit';

let sb: Sandbox;
let made: MadeCore;

beforeAll(async () => {
  sb = await startContactsSandbox();
  made = await signedInCore(sb);
});
afterAll(async () => {
  await made.cleanup();
  await sb.close();
});

describe('local refusals', () => {
  it('a queued contact opened or changed as a booking is a validation error', async () => {
    await call(made, 'contacts:address-books');
    await goOffline(sb, made);
    const contact = await call(made, 'contacts:create', {
      firstName: 'Not',
      lastName: 'Booking',
      phones: [],
      emails: [],
    });
    expect(await callRaw(made, 'bookings:draft', { id: contact.id })).toMatchObject({
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
    expect(await callRaw(made, 'bookings:rebook', { id: contact.id, booking })).toMatchObject({
      ok: false,
      error: { code: 'validation' },
    });
  });
});
