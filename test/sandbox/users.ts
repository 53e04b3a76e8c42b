/** The seeded service users (owner, staff, linked): fixed identities, API keys derived from the seed. */
import { createHash } from 'node:crypto';
import type { User } from './context';

/** Id of owner@frontdesk.test — the rich account ("Lakeside Dental"). */
export const OWNER_ID = 1;
/** Id of staff@frontdesk.test — a separate small account ("Maple Street Salon"). */
const STAFF_ID = 2;
/** Id of linked@frontdesk.test — a receptionist whose API target is the owner. */
const LINKED_ID = 3;

/** Password of every seeded user. */
export const SANDBOX_PASSWORD = 'sandbox';

/** Deterministic hex secret for `label`, so a given --seed always prints the same keys. */
export function derivedSecret(seed: number, label: string, hexChars = 32): string {
  return createHash('sha256').update(`frontdesk-sandbox:${seed}:${label}`).digest('hex').slice(0, hexChars);
}

/** Builds the three seeded users for `seed` (stable across /__sandbox/reset). */
export function createUsers(seed: number): readonly User[] {
  const key = (email: string): string => derivedSecret(seed, `api-key:${email}`);
  const users: User[] = [
    {
      id: OWNER_ID,
      email: 'owner@frontdesk.test',
      name: 'Dr. Amelia Hart',
      accountName: 'Lakeside Dental',
      password: SANDBOX_PASSWORD,
      apiKey: key('owner@frontdesk.test'),
      apiTargetId: null,
      timeZone: 'America/Chicago',
    },
    {
      id: STAFF_ID,
      email: 'staff@frontdesk.test',
      name: 'Jordan Reyes',
      accountName: 'Maple Street Salon',
      password: SANDBOX_PASSWORD,
      apiKey: key('staff@frontdesk.test'),
      apiTargetId: null,
      timeZone: 'America/New_York',
    },
    {
      id: LINKED_ID,
      email: 'linked@frontdesk.test',
      name: 'Maria Lopez',
      accountName: 'Lopez Front Desk Services',
      password: SANDBOX_PASSWORD,
      apiKey: key('linked@frontdesk.test'),
      apiTargetId: OWNER_ID,
      timeZone: 'America/Chicago',
    },
  ];
  return Object.freeze(users.map((u) => Object.freeze(u)));
}

/** Finds a user by e-mail, case-insensitively. */
export function findUserByEmail(users: readonly User[], email: string): User | undefined {
  const e = email.trim().toLowerCase();
  return users.find((u) => u.email === e);
}

/** The user whose data `user` acts on (its API target for linked users). */
export function actingUser(users: readonly User[], user: User): User {
  if (user.apiTargetId === null) return user;
  return users.find((u) => u.id === user.apiTargetId) ?? user;
}
