/** The app-wide guards: no navigation away, no new windows (links go to the vetted browser), no webviews, no permissions. */
import { beforeAll, describe, expect, it, vi } from 'vitest';

const e = vi.hoisted(() => ({
  appListeners: new Map<string, (...args: unknown[]) => void>(),
  opened: [] as string[],
  permissionRequest: null as null | ((wc: unknown, permission: string, cb: (ok: boolean) => void) => void),
  permissionCheck: null as null | ((...args: unknown[]) => boolean),
  deviceCheck: null as null | ((...args: unknown[]) => boolean),
}));

vi.mock('electron', () => ({
  app: { on: (name: string, fn: (...args: unknown[]) => void) => e.appListeners.set(name, fn) },
  shell: { openExternal: async (url: string) => void e.opened.push(url) },
  session: {
    defaultSession: {
      setPermissionRequestHandler: (fn: typeof e.permissionRequest) => (e.permissionRequest = fn),
      setPermissionCheckHandler: (fn: typeof e.permissionCheck) => (e.permissionCheck = fn),
      setDevicePermissionHandler: (fn: typeof e.deviceCheck) => (e.deviceCheck = fn),
    },
  },
}));

type Handler = (...args: unknown[]) => unknown;
function fakeContents(url = 'app://frontdesk/index.html') {
  const handlers = new Map<string, Handler>();
  let openHandler: Handler = () => undefined;
  return {
    handlers,
    open: (details: { url: string }) => openHandler(details),
    contents: {
      on: (name: string, fn: Handler) => handlers.set(name, fn),
      setWindowOpenHandler: (fn: Handler) => (openHandler = fn),
      getURL: () => url,
    },
  };
}
function fire(c: ReturnType<typeof fakeContents>, event: string, url?: string): boolean {
  let prevented = false;
  c.handlers.get(event)!({ preventDefault: () => (prevented = true) }, url);
  return prevented;
}

beforeAll(async () => {
  const { hardenApp } = await import('../../../main/electron/hardening');
  hardenApp();
});

describe('hardened web contents', () => {
  it('blocks navigation away from app://frontdesk and any redirect elsewhere', () => {
    const c = fakeContents();
    e.appListeners.get('web-contents-created')!({}, c.contents);
    expect(fire(c, 'will-navigate', 'https://evil.example/')).toBe(true);
    expect(fire(c, 'will-navigate', 'file:///etc/passwd')).toBe(true);
    expect(fire(c, 'will-navigate', 'app://frontdesk/other.html')).toBe(true);
    expect(fire(c, 'will-navigate', 'app://frontdesk/index.html')).toBe(false);
    expect(fire(c, 'will-redirect', 'https://evil.example/')).toBe(true);
    expect(fire(c, 'will-attach-webview')).toBe(true);
  });

  it('never opens a window; only plain http(s) links go to the system browser', () => {
    const c = fakeContents();
    e.appListeners.get('web-contents-created')!({}, c.contents);
    expect(c.open({ url: 'https://help.example/page' })).toEqual({ action: 'deny' });
    expect(c.open({ url: 'file:///etc/passwd' })).toEqual({ action: 'deny' });
    expect(c.open({ url: 'javascript:alert(1)' })).toEqual({ action: 'deny' });
    expect(c.open({ url: 'https://user:pw@evil.example/' })).toEqual({ action: 'deny' });
    expect(e.opened).toEqual(['https://help.example/page']);
  });

  it('grants no permission to the page but clipboard writes and notifications from our own origin', () => {
    const ours = { getURL: () => 'app://frontdesk/index.html' };
    const theirs = { getURL: () => 'https://evil.example/' };
    const answers: boolean[] = [];
    for (const p of ['media', 'geolocation', 'clipboard-read', 'openExternal', 'midi'])
      e.permissionRequest!(ours, p, (ok) => answers.push(ok));
    expect(answers).toEqual([false, false, false, false, false]);
    e.permissionRequest!(ours, 'clipboard-sanitized-write', (ok) => answers.push(ok));
    e.permissionRequest!(theirs, 'clipboard-sanitized-write', (ok) => answers.push(ok));
    e.permissionRequest!(ours, 'notifications', (ok) => answers.push(ok));
    e.permissionRequest!(theirs, 'notifications', (ok) => answers.push(ok));
    expect(answers.slice(5)).toEqual([true, false, true, false]);
    expect(e.permissionCheck!(ours, 'media', 'app://frontdesk')).toBe(false);
    expect(e.permissionCheck!(ours, 'clipboard-sanitized-write', 'app://frontdesk')).toBe(true);
    expect(e.permissionCheck!(theirs, 'clipboard-sanitized-write', 'https://evil.example')).toBe(false);
    expect(e.deviceCheck!({})).toBe(false);
  });
});
