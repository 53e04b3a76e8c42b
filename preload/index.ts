/**
 * Sandboxed preload: exposes `window.frontdesk`, one method per contract channel, over
 * ipcRenderer. ipcRenderer itself never reaches the page.
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { createBridge } from './bridge';
import type { Result } from '../common/contract';

const bridge = createBridge({
  invoke: (channel, args) => ipcRenderer.invoke(channel, args) as Promise<Result<unknown>>,
  subscribe: (channel, listener) => {
    const wrapped = (_event: IpcRendererEvent, payload: unknown) => listener(payload);
    ipcRenderer.on(channel, wrapped);
    return () => {
      ipcRenderer.removeListener(channel, wrapped);
    };
  },
});

contextBridge.exposeInMainWorld('frontdesk', bridge);
