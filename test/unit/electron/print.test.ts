/**
 * `app:print`: the Electron adapter opens the system print dialog of the app's window, and the channel runs it only
 * for our main frame with no arguments (sender checked, then args, like every channel).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeCore } from '../../support/core-fixture';

type PrintCallback = (success: boolean, failureReason: string) => void;

const e = vi.hoisted(() => ({
  /** What the next print dialog answers. */
  answer: { success: true, failureReason: '' },
  calls: [] as unknown[],
  windows: [] as unknown[],
  focused: null as unknown,
}));

vi.mock('electron', () => ({
  BrowserWindow: {
    getFocusedWindow: () => e.focused,
    getAllWindows: () => e.windows,
  },
}));

function fakeWindow(name: string) {
  return {
    name,
    isDestroyed: () => false,
    webContents: {
      print: (options: unknown, callback: PrintCallback) => {
        e.calls.push({ window: name, options });
        queueMicrotask(() => callback(e.answer.success, e.answer.failureReason));
      },
    },
  };
}

const trusted = { url: 'app://frontdesk/index.html', isMainFrame: true };
let cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.map((c) => c()));
  cleanups = [];
  e.calls = [];
  e.windows = [];
  e.focused = null;
  e.answer = { success: true, failureReason: '' };
});

describe('printAppWindow (Electron)', () => {
  it('opens the dialog of the focused window, else the only one, never silently', async () => {
    const { printAppWindow } = await import('../../../main/electron/print');
    e.windows = [fakeWindow('main')];
    expect(await printAppWindow()).toEqual({ printed: true });
    e.focused = fakeWindow('focused');
    await printAppWindow();
    expect(e.calls).toEqual([
      { window: 'main', options: expect.objectContaining({ silent: false }) },
      { window: 'focused', options: expect.objectContaining({ silent: false }) },
    ]);
  });

  it('says "not printed" when the person cancels, and fails for any other reason or without a window', async () => {
    const { printAppWindow } = await import('../../../main/electron/print');
    e.windows = [fakeWindow('main')];
    e.answer = { success: false, failureReason: 'cancelled' };
    expect(await printAppWindow()).toEqual({ printed: false });
    e.answer = { success: false, failureReason: 'Print job failed' };
    await expect(printAppWindow()).rejects.toThrow('Print job failed');
    e.windows = [];
    await expect(printAppWindow()).rejects.toThrow('no window');
  });
});

describe('app:print through core', () => {
  async function coreWithPrinter() {
    const { printAppWindow } = await import('../../../main/electron/print');
    const made = makeCore('http://127.0.0.1:9', { platform: (p) => ({ ...p, printWindow: printAppWindow }) });
    cleanups.push(made.cleanup);
    e.windows = [fakeWindow('main')];
    return made.core;
  }

  it('prints for our main frame, and says so in app:info', async () => {
    const core = await coreWithPrinter();
    expect(await core.dispatch('app:info', undefined, trusted)).toMatchObject({ ok: true, value: { canPrint: true } });
    expect(await core.dispatch('app:print', undefined, trusted)).toEqual({ ok: true, value: { printed: true } });
    expect(e.calls).toHaveLength(1);
  });

  it('refuses another origin, a subframe and any argument before printing anything', async () => {
    const core = await coreWithPrinter();
    for (const sender of [
      { url: 'https://evil.example/', isMainFrame: true },
      { url: 'app://frontdesk/index.html', isMainFrame: false },
    ])
      expect(await core.dispatch('app:print', undefined, sender)).toMatchObject({
        ok: false,
        error: { code: 'forbidden_sender' },
      });
    expect(await core.dispatch('app:print', { silent: true }, trusted)).toMatchObject({
      ok: false,
      error: { code: 'validation' },
    });
    expect(e.calls).toEqual([]);
  });

  it('a failed print comes back as a plain-words error; the browser host has no printer channel', async () => {
    const core = await coreWithPrinter();
    e.answer = { success: false, failureReason: 'Print job failed' };
    expect(await core.dispatch('app:print', undefined, trusted)).toMatchObject({
      ok: false,
      error: { code: 'internal', message: 'The day sheet could not be printed. Check the printer and try again.' },
    });
    const plain = makeCore('http://127.0.0.1:9');
    cleanups.push(plain.cleanup);
    expect(await plain.core.dispatch('app:info', undefined, trusted)).toMatchObject({ value: { canPrint: false } });
    expect(await plain.core.dispatch('app:print', undefined, trusted)).toMatchObject({
      ok: false,
      error: { code: 'validation' },
    });
  });
});
