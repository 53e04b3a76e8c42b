/** The registered OAuth applications of the sandbox and the exact/loopback redirect-URI match. */
import { SCOPES, type Scope } from '../context';
import { derivedSecret, OWNER_ID } from '../users';

/** An OAuth application as registered in the portal. */
export interface OAuthClient {
  id: string;
  /** Shown on the consent screen. */
  name: string;
  redirectUri: string;
  /** RFC 8252 §7.3: the registered loopback URI matches any port, everything else exact. */
  loopbackAnyPort: boolean;
  /** Server-Side Application on: holds a secret; off: public client, PKCE required. */
  confidential: boolean;
  secret: string | null;
  /** Unpublished apps can be authorized only by their registrant. */
  published: boolean;
  registrantId: number | null;
  scopes: readonly Scope[];
}

const READ_SCOPES = SCOPES.filter((s) => s.endsWith(':read'));

/** Builds the seeded clients; server-app's secret derives from the seed. */
export function createClients(seed: number): readonly OAuthClient[] {
  return Object.freeze([
    {
      id: 'frontdesk-desktop',
      name: 'Frontdesk for Desktop',
      redirectUri: 'com.frontdesk.app:/oauth/callback',
      loopbackAnyPort: false,
      confidential: false,
      secret: null,
      published: true,
      registrantId: null,
      scopes: SCOPES,
    },
    {
      id: 'frontdesk-desktop-loopback',
      name: 'Frontdesk for Desktop',
      redirectUri: 'http://127.0.0.1/oauth/callback',
      loopbackAnyPort: true,
      confidential: false,
      secret: null,
      published: true,
      registrantId: null,
      scopes: SCOPES,
    },
    {
      id: 'private-tool',
      name: 'Lakeside Reporting Script',
      redirectUri: 'http://127.0.0.1/private-tool/callback',
      loopbackAnyPort: true,
      confidential: false,
      secret: null,
      published: false,
      registrantId: OWNER_ID,
      scopes: READ_SCOPES,
    },
    {
      id: 'server-app',
      name: 'Clinic Sync Server',
      redirectUri: 'https://server-app.example.test/oauth/callback',
      loopbackAnyPort: false,
      confidential: true,
      secret: derivedSecret(seed, 'client-secret:server-app', 48),
      published: true,
      registrantId: null,
      scopes: SCOPES,
    },
  ] satisfies OAuthClient[]);
}

/**
 * Whether `given` is the client's redirect URI: byte-exact, except that a loopback registration
 * (`http://127.0.0.1/path`) also accepts any explicit port, with the path otherwise exact.
 */
export function redirectMatches(client: OAuthClient, given: string): boolean {
  if (given === client.redirectUri) return true;
  if (!client.loopbackAnyPort) return false;
  const m = /^(http:\/\/127\.0\.0\.1)(\/.*)$/.exec(client.redirectUri);
  if (!m) return false;
  const [, origin, path] = m;
  if (!given.startsWith(`${origin}:`)) return false;
  const rest = given.slice(origin!.length + 1);
  const pm = /^(\d{1,5})(\/.*)$/.exec(rest);
  if (!pm) return false;
  const port = Number(pm[1]);
  return port >= 1 && port <= 65535 && pm[2] === path;
}
