/** Sign-in and sign-out. */
import { z } from 'zod';
import type { AuthStatus } from '../model/auth';
import { event, invoke, noArgs } from './declare';

const scopeName = z
  .string()
  .regex(/^[a-z_]+(:[a-z_]+)?$/, 'not a scope name')
  .max(64);

/** The auth invoke channels. */
export const authInvoke = {
  'auth:status': invoke<AuthStatus>()(noArgs),
  /** Starts sign-in in the system browser; `addScopes` re-authorizes for more permissions. */
  'auth:sign-in': invoke<AuthStatus>()(
    z
      .object({ addScopes: z.array(scopeName).max(20).optional() })
      .strict()
      .optional(),
  ),
  'auth:cancel-sign-in': invoke<AuthStatus>()(noArgs),
  'auth:sign-out': invoke<AuthStatus>()(noArgs),
  'auth:dismiss-notice': invoke<AuthStatus>()(noArgs),
} as const;

/** The auth events. */
export const authEvents = {
  'auth:changed': event<AuthStatus>(),
} as const;
