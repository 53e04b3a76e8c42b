/** Typed failures of the auth layer, mapped to contract error codes by the handlers. */

/** No session: the user must sign in. */
export class SignedOutError extends Error {
  constructor(message = 'You are signed out. Please sign in to continue.') {
    super(message);
  }
}

/** The grant is gone (invalid_grant): the user must sign in again. */
export class SessionEndedError extends SignedOutError {
  constructor() {
    super('Your session ended — please sign in again.');
  }
}

/** The token endpoint could not be reached; the old tokens were kept. */
export class RefreshUnavailableError extends Error {
  constructor(cause: unknown) {
    super('Could not reach the service to renew the sign-in. Will try again.', { cause });
  }
}
