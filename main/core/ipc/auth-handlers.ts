/** `auth:*` handlers: sign-in state and actions (never a token). */
import type { AuthService } from '../auth/auth-service';
import type { DomainHandlers } from './dispatch';
import { fail, ok } from './result';

/** Builds the auth handlers. */
export function authHandlers(deps: { auth: AuthService }) {
  const { auth } = deps;
  return {
    'auth:status': async () => ok(auth.status()),
    'auth:sign-in': async (args) => {
      try {
        return ok(await auth.signIn(args?.addScopes ?? []));
      } catch {
        return fail('service_error', 'Frontdesk could not start signing in. Please try again.');
      }
    },
    'auth:cancel-sign-in': async () => ok(await auth.cancelSignIn()),
    'auth:sign-out': async () => ok(await auth.signOut()),
    'auth:dismiss-notice': async () => ok(auth.dismissNotice()),
  } satisfies DomainHandlers<'auth'>;
}
