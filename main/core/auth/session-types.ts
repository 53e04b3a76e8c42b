/** The signed-in session as core keeps it (never sent to the renderer) and its vault schema. */
import { z } from 'zod';

/** Tokens of one grant. Lives only in main. */
const tokenSetSchema = z.object({
  accessToken: z.string().min(1),
  refreshToken: z.string().min(1).nullable(),
  /** Epoch ms when the access token stops working. */
  expiresAt: z.number(),
  /** Epoch ms the access token was issued (server's created_at, or receipt time). */
  issuedAt: z.number(),
  scopes: z.array(z.string()),
});
export type TokenSet = z.infer<typeof tokenSetSchema>;

/** Who signed in, and whose account the app acts on (a linked user acts for a target). */
const identitySchema = z.object({
  userId: z.string(),
  userName: z.string(),
  userEmail: z.string(),
  accountId: z.string(),
  accountName: z.string(),
  accountEmail: z.string(),
  actingForOther: z.boolean(),
});
export type Identity = z.infer<typeof identitySchema>;

/** What the vault holds: one session per workstation. */
export const storedSessionSchema = z.object({
  v: z.literal(1),
  serviceUrl: z.string(),
  clientId: z.string(),
  tokens: tokenSetSchema,
  identity: identitySchema.nullable(),
});
export type StoredSession = z.infer<typeof storedSessionSchema>;

/** Data and queued work are keyed by service + acting account. */
export function accountKey(serviceUrl: string, identity: Pick<Identity, 'accountId'>): string {
  return `${serviceUrl}#${identity.accountId}`;
}
