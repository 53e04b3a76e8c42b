/** Names of the accounts that have signed in on this workstation, for "Sign in as …" prompts. */
import { z } from 'zod';
import type { AuthStatus } from '../../../common/contract';
import { parseUnknownOrNull } from '../../../common/parse-unknown';
import type { KeyValueStore } from '../platform';

const KEY = 'accounts.known';
/** As kept in the settings file: account key → label. */
const knownSchema = z.record(z.string(), z.string());

/** Remembers account keys with a display label. */
export class KnownAccounts {
  constructor(private readonly settings: KeyValueStore) {}

  /** Records (or renames) an account. */
  remember(account: string, label: string): void {
    const all = this.all();
    if (all[account] === label) return;
    this.settings.set(KEY, { ...all, [account]: label });
  }

  /** The label of an account, or a neutral one. */
  label(account: string): string {
    return this.all()[account] ?? 'another account';
  }

  private all(): Record<string, string> {
    // A value this version cannot read is no names (the prompts say "another account" until the next sign-in).
    return parseUnknownOrNull(knownSchema, this.settings.get(KEY)) ?? {};
  }
}

/** How a signed-in account is named in "Sign in as …": the practice and who acted for it, or the user. */
export function accountLabel(status: AuthStatus): string {
  return status.actingFor
    ? `${status.actingFor.name} (as ${status.user?.name ?? 'you'})`
    : `${status.user?.name ?? 'your account'}${status.user?.email ? ` (${status.user.email})` : ''}`;
}
