/** Sign-in state as the renderer may see it. */

/** Sign-in state as the renderer may know it: never a token, code or verifier. */
export interface AuthStatus {
  state: 'signed_out' | 'signing_in' | 'signed_in';
  /** The person who signed in. */
  user: { name: string; email: string } | null;
  /** The account the app acts on when it is not the user's own (linked user). */
  actingFor: { name: string; email: string } | null;
  /**
   * The account whose data the app shows: an opaque key (renderer stores are reset when it changes) and the
   * practice's name for the header ("Lakeside Dental"), and the practice's IANA zone as core knows it (every time on
   * every screen is told on that clock; null until core has learned it). Null when signed out.
   */
  account: { key: string; practiceName: string; zone: string | null } | null;
  grantedScopes: string[];
  /** Where the sign-in is kept: the OS keystore, weaker storage an admin allowed, or memory only. */
  storage: 'keystore' | 'weak-opt-in' | 'memory';
  /** The attempt waiting for the browser, when state is 'signing_in'. */
  signIn: { url: string; startedAt: number; expiresAt: number } | null;
  /** A message for the sign-in screen ("Your session ended — please sign in again"). */
  notice: { kind: 'error' | 'info'; text: string } | null;
}
