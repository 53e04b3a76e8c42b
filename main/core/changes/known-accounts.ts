/** Names of the accounts that have signed in on this workstation, for "Sign in as …" prompts. */
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
