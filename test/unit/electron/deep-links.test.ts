/** Every OS intake path (macOS open-url, second-instance argv, cold-start argv) reaches one deliver(). */
import { beforeEach, expect, it, vi } from 'vitest';

const electron = vi.hoisted(() => {
  const listeners = new Map<string, ((...args: unknown[]) => void)[]>();
  return {
    listeners,
    registered: [] as unknown[][],
    app: {
      on: (name: string, fn: (...args: unknown[]) => void) => listeners.set(name, [...(listeners.get(name) ?? []), fn]),
      setAsDefaultProtocolClient: (...args: unknown[]) => electron.registered.push(args),
      isDefaultProtocolClient: () => true,
    },
  };
});
vi.mock('electron', () => ({ app: electron.app }));

const emit = (name: string, ...args: unknown[]) => electron.listeners.get(name)?.forEach((fn) => fn(...args));
const ours = 'com.frontdesk.app:/oauth/callback?code=c&state=s';

beforeEach(() => {
  electron.listeners.clear();
  electron.registered.length = 0;
});

it('registers the scheme and delivers redirects from open-url, second-instance and the cold-start argv', async () => {
  const argv = process.argv;
  process.argv = [...argv, ours];
  const { installDeepLinks } = await import('../../../main/electron/deep-links');
  const delivered: string[] = [];
  let focused = 0;
  const links = installDeepLinks(
    'com.frontdesk.app:/oauth/callback',
    (u) => delivered.push(u),
    () => focused++,
  );
  process.argv = argv;
  expect(electron.registered[0]?.[0]).toBe('com.frontdesk.app');
  expect(delivered).toEqual([ours]);
  expect(links.claimed()).toBe(true);

  expect(electron.listeners.has('open-url')).toBe(false);
  emit('will-finish-launching');
  let prevented = false;
  emit('open-url', { preventDefault: () => (prevented = true) }, `${ours}&mac=1`);
  expect(prevented).toBe(true);

  emit('second-instance', {}, ['frontdesk.exe', `${ours}&win=1`]);
  emit('second-instance', {}, ['frontdesk.exe', ours, ours]);
  emit('second-instance', {}, ['frontdesk.exe', '--no-url']);
  expect(delivered).toEqual([ours, `${ours}&mac=1`, `${ours}&win=1`]);
  expect(focused).toBe(3);
});

it('claims nothing for a loopback redirect', async () => {
  const { installDeepLinks } = await import('../../../main/electron/deep-links');
  expect(
    installDeepLinks(
      'http://127.0.0.1/oauth/callback',
      () => undefined,
      () => undefined,
    ).claimed(),
  ).toBe(false);
  expect(electron.registered).toEqual([]);
});
