/** Registers every contract channel on ipcMain through core's dispatch, and forwards events. */
import { ipcMain, type BrowserWindow, type IpcMainInvokeEvent } from 'electron';
import { invokeChannelNames } from '../../common/contract';
import type { FrontdeskCore } from '../core/app-core';
import type { SenderInfo } from '../core/ipc/caller-check';

function senderOf(event: IpcMainInvokeEvent): SenderInfo {
  const frame = event.senderFrame;
  return { url: frame?.url ?? null, isMainFrame: frame !== null && frame === event.sender.mainFrame };
}

/** The one registration loop for Electron. */
export function registerIpc(core: FrontdeskCore): void {
  for (const channel of invokeChannelNames) {
    ipcMain.handle(channel, (event, args: unknown) => core.dispatch(channel, args, senderOf(event)));
  }
}

/** Sends core's events to the window's renderer. */
export function forwardEvents(core: FrontdeskCore, win: BrowserWindow): () => void {
  return core.events.attach((channel, payload) => {
    if (!win.isDestroyed()) win.webContents.send(channel, payload);
  });
}
