/** Core's failures become the one error shape that crosses IPC, each with the code the UI acts on. */
import { expect, it } from 'vitest';
import { ServiceError } from '../../../main/core/api/service-error';
import { SignedOutError } from '../../../main/core/auth/errors';
import { InputRefusedError } from '../../../main/core/input-refused';
import { fail, ok, serviceResult } from '../../../main/core/ipc/result';

const failing = (error: unknown) => serviceResult(() => Promise.reject(error));

it('answers a value, or each kind of failure as a value with its code', async () => {
  expect(await serviceResult(async () => 3)).toEqual(ok(3));
  expect(await failing(new SignedOutError())).toEqual(fail('signed_out', new SignedOutError().message));
  expect(await failing(new InputRefusedError('That time is gone.'))).toEqual(fail('validation', 'That time is gone.'));
  expect(await failing(new ServiceError('retryable', '/v1/events', 'down'))).toMatchObject({
    error: { code: 'offline' },
  });
  expect(await failing(new ServiceError('needs_auth', '/v1/events', 'Sign in again.'))).toEqual(
    fail('signed_out', 'Sign in again.'),
  );
  expect(
    await failing(new ServiceError('scope', '/v1/messages', 'no', { requiredScope: 'messaging:read' })),
  ).toMatchObject({ error: { code: 'insufficient_scope', requiredScope: 'messaging:read' } });
  expect(await failing(new ServiceError('permanent', '/v1/events', 'Not found.'))).toEqual(
    fail('service_error', 'Not found.'),
  );
});

it('throws on what is not a known failure (dispatch answers it as internal)', async () => {
  await expect(failing(new TypeError('a bug'))).rejects.toThrow('a bug');
});
