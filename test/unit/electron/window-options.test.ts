import { describe, expect, it } from 'vitest';
import { buildCsp, securityHeaders } from '../../../main/core/security/csp';
import { APP_ORIGIN, mainWindowOptions, secureWebPreferences } from '../../../main/electron/window-options';

describe('the main window', () => {
  it('is sandboxed and isolated, with no Node in the page', () => {
    const prefs = secureWebPreferences('/app/preload.js', true);
    expect(prefs).toMatchObject({
      preload: '/app/preload.js',
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
    expect(mainWindowOptions('/app/preload.js', { width: 1000, height: 700 }, true).webPreferences).toEqual(prefs);
  });

  it('has no DevTools in an installed (packaged) app; a development run keeps them', () => {
    expect(secureWebPreferences('/app/preload.js', true).devTools).toBe(false);
    expect(mainWindowOptions('/app/preload.js', { width: 1000, height: 700 }, true).webPreferences?.devTools).toBe(
      false,
    );
    expect(secureWebPreferences('/app/preload.js', false).devTools).toBe(true);
  });

  it('is served from app://, not file://', () => {
    expect(APP_ORIGIN).toBe('app://frontdesk');
  });
});

describe('the CSP', () => {
  const csp = buildCsp();
  const directives = new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name, values]),
  );

  it('allows scripts only from our own origin', () => {
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
  });

  it('denies by default and forbids framing, plugins, base and form targets', () => {
    expect(directives.get('default-src')).toEqual(["'none'"]);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    expect(directives.get('base-uri')).toEqual(["'none'"]);
    expect(directives.get('form-action')).toEqual(["'none'"]);
  });

  it('lets the browser host add only its own WebSocket', () => {
    expect(
      new Map(
        buildCsp({ connectSrc: ['ws://127.0.0.1:5180'] })
          .split('; ')
          .map((d) => [d.split(' ')[0], d]),
      ).get('connect-src'),
    ).toBe("connect-src 'self' ws://127.0.0.1:5180");
    expect(securityHeaders(csp)['Content-Security-Policy']).toBe(csp);
  });
});
