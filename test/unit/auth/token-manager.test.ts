/**
 * A request whose 401 arrives after another request's renewal was refused: the session is over, and the caller is
 * told so (as one made a moment later would be), never handed a bare 401 to show as a service error.
 */
import { expect, it } from 'vitest';
import { SessionEndedError, SignedOutError } from '../../../main/core/auth/errors';
import { OAuthErrorResponse, type OAuthClient } from '../../../main/core/auth/oauth-client';
import type { StoredSession } from '../../../main/core/auth/session-types';
import { TokenManager } from '../../../main/core/auth/token-manager';
import type { TokenVault } from '../../../main/core/auth/token-vault';
import { memoryLogger } from '../../support/core-fixture';
import { fakeClock } from '../../support/fake-clock';

const session: StoredSession = {
  v: 1,
  serviceUrl: 'https://service.example',
  clientId: 'frontdesk-desktop',
  tokens: { accessToken: 'a1', refreshToken: 'r1', expiresAt: 0, issuedAt: 0, scopes: ['events:read'] },
  identity: {
    userId: 'u1',
    userName: 'Ann',
    userEmail: 'ann@example.com',
    accountId: 'acct-1',
    accountName: 'Lakeside',
    accountEmail: 'desk@example.com',
    actingForOther: false,
  },
};

function setUp() {
  const answers: ((r: Response) => void)[] = [];
  let ended = 0;
  const clock = fakeClock();
  const manager = new TokenManager({
    vault: { save: async () => undefined } as unknown as TokenVault,
    clock,
    log: memoryLogger(),
    // Every request is held until the test answers it, in the order the test chooses.
    fetch: (() => new Promise<Response>((resolve) => answers.push(resolve))) as typeof fetch,
    oauthFor: () =>
      ({
        refresh: async () => {
          throw new OAuthErrorResponse('invalid_grant', 400);
        },
      }) as unknown as OAuthClient,
    onSessionEnded: () => ended++,
  });
  // An access token good for an hour: nothing is renewed before the requests go out.
  manager.set({ ...session, tokens: { ...session.tokens, issuedAt: clock.now(), expiresAt: clock.now() + 3600_000 } });
  const unauthorized = () => new Response('{}', { status: 401 });
  return { manager, answers, unauthorized, ended: () => ended };
}

it('a 401 that arrives after another request ended the session is a SessionEndedError', async () => {
  const { manager, answers, unauthorized, ended } = setUp();
  const first = manager.authorizedFetch('https://service.example/v1/calendars').catch((e: unknown) => e);
  const second = manager.authorizedFetch('https://service.example/v1/conversations').catch((e: unknown) => e);
  await expect.poll(() => answers.length).toBe(2);
  answers[0]!(unauthorized()); // the first gets its 401, tries to renew, and the renewal is refused
  expect(await first).toBeInstanceOf(SessionEndedError);
  expect(ended()).toBe(1);
  answers[1]!(unauthorized()); // only now does the second's 401 arrive
  expect(await second).toBeInstanceOf(SessionEndedError);
  expect(ended()).toBe(1);
});

it('a 401 that arrives after a sign-out says signed out', async () => {
  const { manager, answers, unauthorized } = setUp();
  const pending = manager.authorizedFetch('https://service.example/v1/calendars').catch((e: unknown) => e);
  await expect.poll(() => answers.length).toBe(1);
  manager.set(null);
  answers[0]!(unauthorized());
  const outcome = await pending;
  expect(outcome).toBeInstanceOf(SignedOutError);
  expect(outcome).not.toBeInstanceOf(SessionEndedError);
});
