/** Who signed in, from a userinfo answer whose shape the service does not document (auth/identity.ts). */
import { describe, expect, it } from 'vitest';
import { parseIdentity } from '../../../main/core/auth/identity';

describe('parseIdentity', () => {
  it('reads the nested shape', () => {
    expect(
      parseIdentity({
        user: { id: 7, email: 'linked@frontdesk.test', name: 'Lin' },
        account: { id: 1, email: 'owner@frontdesk.test', name: 'Lakeside Dental' },
        acting_for_other: true,
      }),
    ).toMatchObject({ userId: '7', accountId: '1', accountName: 'Lakeside Dental', actingForOther: true });
  });

  it('takes null for any field but the ids as absent (a service may send null where it has nothing)', () => {
    expect(
      parseIdentity({
        user: { id: 1, email: null, name: null, username: 'owner@frontdesk.test' },
        account: { id: 1, email: null, name: null, owner_name: null },
        target: null,
        acting_for_other: null,
      }),
    ).toMatchObject({
      userId: '1',
      userName: 'owner@frontdesk.test',
      userEmail: 'owner@frontdesk.test',
      accountId: '1',
      actingForOther: false,
    });
    expect(parseIdentity({ user: { id: 3, name: 'Ann' }, account: null })).toMatchObject({
      accountId: '3',
      accountName: 'Ann',
    });
  });

  it('is null without a user id', () => {
    expect(parseIdentity({ user: { email: 'x@example.test' } })).toBeNull();
    expect(parseIdentity(null)).toBeNull();
  });
});
