/**
 * The Electron transport end to end without the Electron binary: the real preload and the real
 * ipcMain registration loop, joined by an in-memory ipc that behaves like Electron's
 * (structured clone, sender frame on every call).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { invokeChannelNames, type Connectivity, type FrontdeskBridge } from '../../../common/contract';
import { makeCore } from '../../support/core-fixture';
import { toggleServer } from '../../support/toggle-server';
import { waitFor } from '../../support/wait';

const ipc = vi.hoisted(() => {
  const mainFrame = { url: 'app://frontdesk/index.html' };
  const state = {
    handlers: new Map<string, (event: unknown, args: unknown) => unknown>(),
    rendererListeners: new Map<string, Set<(event: unknown, payload: unknown) => void>>(),
    exposed: {} as Record<string, unknown>,
    frame: mainFrame as { url: string },
    mainFrame,
  };
  return state;
});

vi.mock('electron', () => ({
  ipcMain: {
    handle: (channel: string, fn: (event: unknown, args: unknown) => unknown) => ipc.handlers.set(channel, fn),
  },
  contextBridge: { exposeInMainWorld: (key: string, value: unknown) => (ipc.exposed[key] = value) },
  ipcRenderer: {
    invoke: async (channel: string, args: unknown) => {
      const handler = ipc.handlers.get(channel);
      if (!handler) throw new Error(`No handler registered for '${channel}'`);
      return structuredClone(
        await handler({ senderFrame: ipc.frame, sender: { mainFrame: ipc.mainFrame } }, structuredClone(args)),
      );
    },
    on: (channel: string, fn: (event: unknown, payload: unknown) => void) => {
      const set = ipc.rendererListeners.get(channel) ?? new Set();
      set.add(fn);
      ipc.rendererListeners.set(channel, set);
    },
    removeListener: (channel: string, fn: (event: unknown, payload: unknown) => void) =>
      ipc.rendererListeners.get(channel)?.delete(fn),
  },
}));

let frontdesk: FrontdeskBridge;
let service: Awaited<ReturnType<typeof toggleServer>>;
let made: ReturnType<typeof makeCore>;

beforeAll(async () => {
  service = await toggleServer();
  made = makeCore(service.url());
  const { registerIpc, forwardEvents } = await import('../../../main/electron/ipc');
  registerIpc(made.core);
  const fakeWindow = {
    isDestroyed: () => false,
    webContents: {
      send: (channel: string, payload: unknown) =>
        ipc.rendererListeners.get(channel)?.forEach((fn) => fn({}, structuredClone(payload))),
    },
  };
  forwardEvents(made.core, fakeWindow as never);
  await import('../../../preload/index');
  frontdesk = ipc.exposed.frontdesk as FrontdeskBridge;
  made.core.start();
});
afterAll(async () => {
  await made.cleanup();
  await service.stop();
});

describe('Electron IPC transport', () => {
  it('exposes one method per channel and nothing like ipcRenderer', () => {
    expect(Object.keys(frontdesk).sort()).toEqual(['invoke', 'on']);
    expect(Object.keys(frontdesk.invoke).sort()).toEqual([...invokeChannelNames].sort());
    expect(JSON.stringify(Object.keys(frontdesk.on))).not.toMatch(/ipc|send|invoke/i);
  });

  it('registers exactly the contract channels on ipcMain', () => {
    expect([...ipc.handlers.keys()].sort()).toEqual([...invokeChannelNames].sort());
  });

  it('answers app:info and connectivity, and delivers connectivity events', async () => {
    expect(await frontdesk.invoke['app:info']()).toMatchObject({
      ok: true,
      value: { name: 'Frontdesk', serviceUrl: service.url() },
    });
    const events: Connectivity[] = [];
    const off = frontdesk.on['connectivity:changed']((c) => events.push(c));
    await waitFor(async () => {
      const r = await frontdesk.invoke['app:connectivity']();
      return r.ok && r.value.state === 'online';
    });
    await service.stop();
    await waitFor(() => events.some((e) => e.state === 'offline'), { what: 'offline event' });
    await service.start();
    expect(await frontdesk.invoke['app:check-connectivity']()).toMatchObject({ ok: true, value: { state: 'online' } });
    off();
  });

  it('refuses calls from a subframe or another origin', async () => {
    ipc.frame = { url: 'app://frontdesk/index.html' };
    expect(await frontdesk.invoke['app:info']()).toMatchObject({ ok: false, error: { code: 'forbidden_sender' } });
    ipc.frame = ipc.mainFrame;
    ipc.mainFrame.url = 'https://evil.example/';
    expect(await frontdesk.invoke['app:info']()).toMatchObject({ ok: false, error: { code: 'forbidden_sender' } });
    ipc.mainFrame.url = 'app://frontdesk/index.html';
  });
});
