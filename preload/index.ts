/**
 * Sandboxed preload: exposes `window.frontdesk`, one method per contract channel, over
 * ipcRenderer. ipcRenderer itself never reaches the page.
 */
import { contextBridge, ipcRenderer } from 'electron';
import { createBridge } from './bridge';
import { createIpcTransport } from './ipc-transport';

const bridge = createBridge(
  createIpcTransport(ipcRenderer, {
    now: () => Date.now(),
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    requestFrame: (fn) => requestAnimationFrame(fn),
    cancelFrame: (handle) => cancelAnimationFrame(handle as number),
  }),
);

contextBridge.exposeInMainWorld('frontdesk', bridge);
