import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CONFIG_FILE, ConfigError, DEFAULT_SCOPES, loadConfig, SANDBOX_URL } from '../../../main/core/config';
import { tempDir } from '../../support/core-fixture';

let cleanup: () => void = () => undefined;
afterEach(() => cleanup());

function dirWith(json: string): string {
  const t = tempDir();
  cleanup = t.cleanup;
  writeFileSync(join(t.dir, CONFIG_FILE), json);
  return t.dir;
}

describe('loadConfig', () => {
  it('defaults to the sandbox with the desktop client and the custom-scheme redirect', () => {
    const c = loadConfig({ env: {} });
    expect(c).toMatchObject({
      serviceUrl: SANDBOX_URL,
      portalUrl: SANDBOX_URL,
      clientId: 'frontdesk-desktop',
      redirectUri: 'com.frontdesk.app:/oauth/callback',
      authorizeUrl: `${SANDBOX_URL}/oauth/authorize`,
      tokenUrl: `${SANDBOX_URL}/oauth/token`,
      revokeUrl: `${SANDBOX_URL}/oauth/revoke`,
      usingSandbox: true,
    });
    expect(c.scopes).toEqual([...DEFAULT_SCOPES]);
  });

  it('takes a real service from the environment, portal separate', () => {
    const c = loadConfig({
      env: {
        FRONTDESK_SERVICE_URL: 'https://api.example.com/',
        FRONTDESK_PORTAL_URL: 'https://www.example.com',
        FRONTDESK_CLIENT_ID: 'abc',
      },
    });
    expect(c).toMatchObject({
      serviceUrl: 'https://api.example.com',
      portalUrl: 'https://www.example.com',
      authorizeUrl: 'https://www.example.com/oauth/authorize',
      tokenUrl: 'https://api.example.com/oauth/token',
      clientId: 'abc',
      usingSandbox: false,
    });
  });

  it('reads the JSON file in the user-data folder, env wins over it', () => {
    const dir = dirWith(
      JSON.stringify({
        serviceUrl: 'https://file.example.com',
        clientId: 'from-file',
        tokenUrl: 'https://auth.example.com/token',
      }),
    );
    const c = loadConfig({ env: { FRONTDESK_CLIENT_ID: 'from-env' }, userDataDir: dir });
    expect(c).toMatchObject({
      serviceUrl: 'https://file.example.com',
      clientId: 'from-env',
      tokenUrl: 'https://auth.example.com/token',
    });
  });

  it.each([
    ['a non-http service URL', { FRONTDESK_SERVICE_URL: 'file:///etc/passwd' }, /FRONTDESK_SERVICE_URL/],
    ['a non-URL', { FRONTDESK_SERVICE_URL: 'api.example.com' }, /FRONTDESK_SERVICE_URL/],
  ])('refuses %s with a message naming the variable', (_n, env, message) => {
    expect(() => loadConfig({ env })).toThrow(ConfigError);
    expect(() => loadConfig({ env })).toThrow(message);
  });

  it('refuses a broken or unknown-keyed file with a clear message', () => {
    expect(() => loadConfig({ env: {}, userDataDir: dirWith('{nope') })).toThrow(/not valid JSON/);
    expect(() => loadConfig({ env: {}, userDataDir: dirWith('{"servceUrl":"https://x.example"}') })).toThrow(
      ConfigError,
    );
  });
});
