/** Names of the accounts that have signed in on this workstation, for "Sign in as …" prompts. */
import type { AuthStatus } from '../../../preload/contract';
import type { KeyValueStore } from '../platform';

const KEY = 'accounts.known';

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
    const raw = this.settings.get(KEY);
    return raw && typeof raw === 'object' ? (raw as Record<string, string>) : {};
  }
}

/** How a signed-in account is named in "Sign in as …": the practice and who acted for it, or the user. */
export function accountLabel(status: AuthStatus): string {
  return status.actingFor
    ? `${status.actingFor.name} (as ${status.user?.name ?? 'you'})`
    : `${status.user?.name ?? 'your account'}${status.user?.email ? ` (${status.user.email})` : ''}`;
}
