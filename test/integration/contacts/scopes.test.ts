/** Without the contacts permissions the service answers 403 insufficient_scope; the app says what is missing in plain words. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_SCOPES } from '../../../main/core/config';
import { call, callRaw, signedInCore, useSandbox, waitForOp } from '../../support/bootstrap';

const kit = useSandbox({ contacts: 300, events: 5 });

const without = (...scopes: string[]) => DEFAULT_SCOPES.filter((s) => !scopes.includes(s));

describe('contacts permissions', () => {
  it('asks for permission to see contacts when contacts:read was not granted', async () => {
    const made = await signedInCore(kit.sb, { scopes: without('contacts:read') });
    try {
      const expected = {
        code: 'insufficient_scope',
        requiredScope: 'contacts:read',
        message: 'Frontdesk needs permission to see your contacts.',
      };
      expect(await callRaw(made, 'contacts:search', { query: 'an' })).toEqual({ ok: false, error: expected });
      expect(await callRaw(made, 'contacts:get', { id: 100001 })).toEqual({ ok: false, error: expected });
    } finally {
      await made.cleanup();
    }
  });

  it('asks for permission to see address books when address_books:read was not granted', async () => {
    const made = await signedInCore(kit.sb, { scopes: without('address_books:read') });
    try {
      const expected = {
        code: 'insufficient_scope',
        requiredScope: 'address_books:read',
        message: 'Frontdesk needs permission to see your address books.',
      };
      expect(await callRaw(made, 'contacts:address-books')).toEqual({ ok: false, error: expected });
      expect(await callRaw(made, 'contacts:create', { name: 'No Book', phones: [], emails: [] })).toEqual({
        ok: false,
        error: expected,
      });
    } finally {
      await made.cleanup();
    }
  });

  it('keeps a change the service refused for want of contacts:write, saying which permission is missing', async () => {
    const made = await signedInCore(kit.sb, { scopes: without('contacts:write') });
    try {
      await call(made, 'contacts:address-books');
      const item = await call(made, 'contacts:create', { name: 'Needs Write', phones: [], emails: [] });
      const op = await waitForOp(made, item.id, 'needs_attention');
      expect(op.lastError).toMatchObject({ kind: 'scope', requiredScope: 'contacts:write' });
      const list = await call(made, 'contacts:search', { query: 'needs write' });
      expect(list.items[0]).toMatchObject({
        name: 'Needs Write',
        pending: { change: 'create', status: 'needs_attention', requiredScope: 'contacts:write' },
      });
    } finally {
      await made.cleanup();
    }
  });
});
