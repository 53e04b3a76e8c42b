/**
 * Reads who signed in from GET /v1/userinfo. The spec leaves its shape open, so this accepts the
 * common shapes: {user, account, acting_for_other} or a flat user object.
 */
import { z } from 'zod';
import type { Identity } from './session-types';

const id = z.union([z.string().min(1), z.number()]).transform(String);
// Every field but the ids may be absent or null (the shape is not documented): null reads as absent.
const text = z
  .string()
  .nullish()
  .transform((v) => v ?? undefined);
const person = z.object({ id, email: text, name: text, username: text }).loose();
const nested = z.object({
  user: person,
  account: person
    .extend({ owner_name: text })
    .nullish()
    .transform((v) => v ?? undefined),
  target: person.nullish().transform((v) => v ?? undefined),
  acting_for_other: z
    .boolean()
    .nullish()
    .transform((v) => v ?? undefined),
});

function label(p: z.infer<typeof person>): { name: string; email: string } {
  const email = p.email ?? p.username ?? '';
  return { name: p.name?.trim() || email || `Account ${p.id}`, email };
}

/** The identity in a userinfo body, or null when nothing usable is there. */
export function parseIdentity(body: unknown): Identity | null {
  const asNested = nested.safeParse(body);
  if (asNested.success) {
    const { user } = asNested.data;
    const account = asNested.data.account ?? asNested.data.target ?? user;
    const u = label(user);
    const a = label(account);
    return {
      userId: user.id,
      userName: u.name,
      userEmail: u.email,
      accountId: account.id,
      accountName: a.name,
      accountEmail: a.email,
      actingForOther: asNested.data.acting_for_other ?? account.id !== user.id,
    };
  }
  const flat = person.safeParse(body);
  if (!flat.success) return null;
  const u = label(flat.data);
  return {
    userId: flat.data.id,
    userName: u.name,
    userEmail: u.email,
    accountId: flat.data.id,
    accountName: u.name,
    accountEmail: u.email,
    actingForOther: false,
  };
}
