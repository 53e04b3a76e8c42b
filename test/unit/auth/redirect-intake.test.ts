import { describe, expect, it } from 'vitest';
import { customSchemeOf, matchesRedirect, redirectFromArgv } from '../../../main/core/auth/redirect-intake';

const ours = 'com.frontdesk.app:/oauth/callback?code=abc&state=xyz';

describe('redirectFromArgv (Windows/Linux second-instance and cold start)', () => {
  it('takes the one URL of our scheme from a command line', () => {
    expect(redirectFromArgv(['C:\\Frontdesk\\Frontdesk.exe', '--allow-file-access', ours], 'com.frontdesk.app')).toBe(
      ours,
    );
    expect(
      redirectFromArgv(['/usr/bin/frontdesk', 'COM.FRONTDESK.APP:/oauth/callback?code=1'], 'com.frontdesk.app'),
    ).toBe('COM.FRONTDESK.APP:/oauth/callback?code=1');
  });

  it('accepts nothing when there are none or several of our URLs', () => {
    expect(redirectFromArgv(['frontdesk.exe'], 'com.frontdesk.app')).toBeNull();
    expect(redirectFromArgv(['frontdesk.exe', ours, ours], 'com.frontdesk.app')).toBeNull();
    expect(redirectFromArgv(['frontdesk.exe', 'com.frontdesk.appx:/oauth/callback'], 'com.frontdesk.app')).toBeNull();
    expect(
      redirectFromArgv(
        ['frontdesk.exe', 'https://evil.example/?x=com.frontdesk.app:/oauth/callback'],
        'com.frontdesk.app',
      ),
    ).toBeNull();
  });
});

describe('matchesRedirect', () => {
  it('matches scheme, host, port and path exactly', () => {
    expect(matchesRedirect(new URL(ours), 'com.frontdesk.app:/oauth/callback')).toBe(true);
    expect(
      matchesRedirect(new URL('http://127.0.0.1:5555/oauth/callback?code=1'), 'http://127.0.0.1:5555/oauth/callback'),
    ).toBe(true);
  });

  it.each([
    'com.frontdesk.app:/oauth/callback/extra?code=1',
    'com.frontdesk.app:/oauth/Callback?code=1',
    'com.frontdesk.app://evil/oauth/callback?code=1',
    'com.frontdesk.other:/oauth/callback?code=1',
    'com.frontdesk.app:/oauth/callback?code=1#frag',
  ])('refuses %s', (url) => {
    expect(matchesRedirect(new URL(url), 'com.frontdesk.app:/oauth/callback')).toBe(false);
  });

  it('refuses another port, host or user info for loopback', () => {
    const want = 'http://127.0.0.1:5555/oauth/callback';
    expect(matchesRedirect(new URL('http://127.0.0.1:5556/oauth/callback'), want)).toBe(false);
    expect(matchesRedirect(new URL('http://localhost:5555/oauth/callback'), want)).toBe(false);
    expect(matchesRedirect(new URL('http://a:b@127.0.0.1:5555/oauth/callback'), want)).toBe(false);
  });
});

it('knows which redirects need a custom scheme', () => {
  expect(customSchemeOf('com.frontdesk.app:/oauth/callback')).toBe('com.frontdesk.app');
  expect(customSchemeOf('http://127.0.0.1/oauth/callback')).toBeNull();
  expect(customSchemeOf('nonsense')).toBeNull();
});
