import { afterEach, describe, expect, it } from 'vitest';
import { createDispatcher, type Handlers } from '../../../main/core/ipc/dispatch';
import { createHandlers, type HandlerDeps } from '../../../main/core/ipc/handlers';
import { makeCore, memoryLogger } from '../../support/core-fixture';

const trusted = { url: 'app://frontdesk/index.html', isMainFrame: true };
let cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.map((c) => c()));
  cleanups = [];
});

function core() {
  const made = makeCore('http://127.0.0.1:9');
  cleanups.push(made.cleanup);
  return made;
}

describe('dispatch: sender check, then args, then handler', () => {
  it('answers a trusted main-frame call with the handler value', async () => {
    const { core: c } = core();
    const result = await c.dispatch('app:info', undefined, trusted);
    expect(result).toMatchObject({
      ok: true,
      value: { name: 'Frontdesk', mode: 'browser', serviceUrl: 'http://127.0.0.1:9' },
    });
  });

  it.each([
    ['another origin', { url: 'https://evil.example/index.html', isMainFrame: true }],
    ['a look-alike host', { url: 'app://frontdesk.evil/index.html', isMainFrame: true }],
    ['a subframe of our origin', { url: 'app://frontdesk/index.html', isMainFrame: false }],
    ['file://', { url: 'file:///etc/passwd', isMainFrame: true }],
    ['no URL', { url: null, isMainFrame: true }],
    ['garbage', { url: 'not a url', isMainFrame: true }],
  ])('refuses %s before parsing or running anything', async (_name, sender) => {
    const { core: c, log } = core();
    const result = await c.dispatch('app:info', undefined, sender);
    expect(result).toEqual({ ok: false, error: { code: 'forbidden_sender', message: expect.any(String) } });
    expect(log.lines.some((l) => l.startsWith('warn refused a call from an untrusted sender'))).toBe(true);
  });

  it.each([['nope:nothing'], ['__proto__'], ['constructor'], ['toString'], [42], [null]])(
    'refuses unknown channel %s',
    async (channel) => {
      const { core: c } = core();
      const result = await c.dispatch(channel, undefined, trusted);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.error.code).toBe('unknown_channel');
    },
  );

  it('refuses args that do not match the schema, with the failing path', async () => {
    const { core: c } = core();
    const result = await c.dispatch('app:info', { extra: 1 }, trusted);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.code).toBe('validation');
      expect(result.error.issues?.length).toBeGreaterThan(0);
    }
  });

  it('turns a throwing handler into an internal error value without the stack', async () => {
    const log = memoryLogger();
    const handlers: Handlers = {
      ...createHandlers({} as HandlerDeps),
      'app:info': async () => {
        throw new Error('boom');
      },
    };
    const dispatch = createDispatcher(handlers, { trustedOrigin: 'app://frontdesk', log });
    const result = await dispatch('app:info', undefined, trusted);
    expect(result).toEqual({
      ok: false,
      error: { code: 'internal', message: expect.stringMatching(/Nothing you entered was lost/) },
    });
    expect(JSON.stringify(result)).not.toContain('boom');
    expect(log.lines.join('\n')).toContain('boom');
  });
});
