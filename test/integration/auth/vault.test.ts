/** The vault: keystore-backed on disk, memory-only without a keystore unless an admin opted in, corrupt = signed out. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { parseIdentity } from '../../../main/core/auth/identity';
import type { StoredSession } from '../../../main/core/auth/session-types';
import { createFileCipher } from '../../../main/browser-host/file-cipher';
import type { Platform, SecretCipher } from '../../../main/core/platform';
import { customSchemeCore, signInAs, type MadeCore } from '../../support/auth-fixture';
import { useSandbox } from '../../support/bootstrap';
import type { MakeCoreOptions } from '../../support/core-fixture';
import { waitFor } from '../../support/wait';

const kit = useSandbox({ contacts: 5, events: 5 });
const made: MadeCore[] = [];

beforeEach(() => kit.admin().reset());
afterEach(async () => {
  for (const m of made.reverse()) await m.cleanup();
  made.length = 0;
});

/** The platform's cipher, reporting the given keystore status (Linux without a keyring: basic_text). */
function withKeystore(status: SecretCipher['status']) {
  return (p: Platform): Platform => ({
    ...p,
    cipher: { status, encrypt: (s) => p.cipher.encrypt(s), decrypt: (c) => p.cipher.decrypt(c) },
  });
}
const basicText = withKeystore(async () => ({ available: false, backend: 'basic_text' }));

function core(options: MakeCoreOptions = {}): MadeCore {
  const m = customSchemeCore(kit.sb, options);
  made.push(m);
  return m;
}

/** What conf wrote to disk, as text ('' when nothing). */
function settingsFile(dir: string): string {
  const path = join(dir, 'settings.json');
  return existsSync(path) ? readFileSync(path, 'utf8') : '';
}

it('keeps the session in memory only when the keystore is basic_text', async () => {
  const first = core({ platform: basicText });
  await first.core.start();
  expect(first.core.auth.status().storage).toBe('memory');
  await signInAs(first, 'owner@frontdesk.test');
  expect(first.core.auth.status()).toMatchObject({ state: 'signed_in', storage: 'memory' });
  expect((await first.core.auth.tokens.authorizedFetch(`${kit.sb.url}/v1/userinfo`)).status).toBe(200);
  expect(settingsFile(first.dir)).not.toContain('vault');
  expect(first.log.lines.some((l) => l.includes('secure storage unavailable') && l.includes('basic_text'))).toBe(true);

  const restarted = core({ platform: basicText, dataDir: first.dir });
  await restarted.core.start();
  expect(restarted.core.auth.status()).toMatchObject({ state: 'signed_out', storage: 'memory' });
});

it('signs out and revokes from memory too', async () => {
  const m = core({ platform: basicText });
  await m.core.start();
  await signInAs(m, 'owner@frontdesk.test');
  await m.core.auth.signOut();
  await waitFor(async () => (await kit.admin().stats()).revocations === 1, { what: 'the revocation' });
  expect(settingsFile(m.dir)).not.toContain('vault');
});

it('persists with basic_text when the admin allowed weak storage', async () => {
  const first = core({ platform: basicText, config: { allowWeakStorage: true } });
  await first.core.start();
  await signInAs(first, 'staff@frontdesk.test');
  expect(first.core.auth.status().storage).toBe('weak-opt-in');
  expect(first.platform.settings.get('vault.session')).toEqual(expect.any(String));
  expect(settingsFile(first.dir)).not.toContain(first.core.auth.tokens.current()!.tokens.accessToken);

  const restarted = core({ platform: basicText, config: { allowWeakStorage: true }, dataDir: first.dir });
  await restarted.core.start();
  expect(restarted.core.auth.status()).toMatchObject({
    state: 'signed_in',
    storage: 'weak-opt-in',
    user: { email: 'staff@frontdesk.test' },
  });
});

it('stays in memory when the keystore cannot even be asked, opt-in or not', async () => {
  const broken = core({
    platform: withKeystore(() => Promise.reject(new Error('dbus down'))),
    config: { allowWeakStorage: true },
  });
  await broken.core.start();
  expect(broken.core.auth.status().storage).toBe('memory');
  const unknown = core({
    platform: withKeystore(async () => ({ available: false, backend: 'unknown' })),
    config: { allowWeakStorage: true },
  });
  await unknown.core.start();
  expect(unknown.core.auth.status().storage).toBe('memory');
});

/** A session for this sandbox with freshly minted tokens. */
async function mintedSession(): Promise<StoredSession> {
  const res = await fetch(`${kit.sb.url}/__sandbox/tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'owner@frontdesk.test', scope: 'calendars:read' }),
  });
  const t = (await res.json()) as { access_token: string; refresh_token: string; expires_in: number };
  const me = await fetch(`${kit.sb.url}/v1/userinfo`, { headers: { authorization: `Bearer ${t.access_token}` } });
  const now = Date.now();
  return {
    v: 1,
    serviceUrl: kit.sb.url,
    clientId: 'frontdesk-desktop',
    tokens: {
      accessToken: t.access_token,
      refreshToken: t.refresh_token,
      issuedAt: now,
      expiresAt: now + t.expires_in * 1000,
      scopes: ['calendars:read'],
    },
    identity: parseIdentity(await me.json()),
  };
}

type Corruption = (seal: (plain: string) => Promise<string>, session: StoredSession) => Promise<unknown>;
const corruptions: [string, Corruption][] = [
  ['garbage text', async () => 'this is not a vault'],
  ['wrong base64', async () => '%%%%****'],
  ['a number', async () => 42],
  ['an object', async () => ({ tokens: 'x' })],
  ['an empty string', async () => ''],
  ['ciphertext of non-JSON', (seal) => seal('not json at all')],
  ['ciphertext of JSON null', (seal) => seal('null')],
  ['JSON of the wrong shape', (seal, s) => seal(JSON.stringify({ ...s, v: 2 }))],
  ['tokens missing', (seal, s) => seal(JSON.stringify({ ...s, tokens: undefined }))],
  ['a truncated ciphertext', async (seal, s) => (await seal(JSON.stringify(s))).slice(0, 40)],
  [
    'a session for another service',
    (seal, s) => seal(JSON.stringify({ ...s, serviceUrl: 'https://elsewhere.example' })),
  ],
  [
    'a session sealed with another key',
    async (_seal, s) => {
      const other = createFileCipher(join(made[0]!.dir, 'other.key'));
      return Buffer.from(await other.encrypt(JSON.stringify(s))).toString('base64');
    },
  ],
];

it('loads a well-formed saved session (the control for the corrupt cases)', async () => {
  const m = core();
  const sealed = Buffer.from(await m.platform.cipher.encrypt(JSON.stringify(await mintedSession()))).toString('base64');
  m.platform.settings.set('vault.session', sealed);
  await m.core.start();
  expect(m.core.auth.status()).toMatchObject({
    state: 'signed_in',
    grantedScopes: ['calendars:read'],
    user: { email: 'owner@frontdesk.test' },
  });
  expect((await m.core.auth.tokens.authorizedFetch(`${kit.sb.url}/v1/calendars`)).status).toBe(200);
});

it.each(corruptions)('treats %s in vault.session as signed out and removes it', async (_name, corrupt) => {
  const m = core();
  const seal = async (plain: string) => Buffer.from(await m.platform.cipher.encrypt(plain)).toString('base64');
  m.platform.settings.set('vault.session', await corrupt(seal, await mintedSession()));
  await expect(m.core.start()).resolves.toBeUndefined();
  expect(m.core.auth.status()).toMatchObject({ state: 'signed_out', user: null });
  expect(m.platform.settings.get('vault.session')).toBeUndefined();
  // And the app goes on: a fresh sign-in works and is saved.
  await signInAs(m, 'owner@frontdesk.test');
  expect(m.platform.settings.get('vault.session')).toEqual(expect.any(String));
});

it('drops a corrupt revocation queue without failing start or sign-out', async () => {
  const m = core();
  m.platform.settings.set('vault.pendingRevocations', 'garbage');
  await m.core.start();
  await signInAs(m, 'owner@frontdesk.test');
  await m.core.auth.signOut();
  await waitFor(async () => (await kit.admin().stats()).revocations === 1, { what: 'the revocation' });
  await waitFor(() => m.platform.settings.get('vault.pendingRevocations') === undefined, {
    what: 'the queue to empty',
  });
});
