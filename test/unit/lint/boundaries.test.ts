/**
 * The runtime boundaries are enforced by lint (scripts/lint/closed-world.ts): each runtime folder may import only
 * what its entry lists, so every import below that is not on a list must fail `npm run lint`.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });
const BOUNDARY_RULES = ['frontdesk/closed-world', 'no-restricted-properties', 'no-restricted-globals'];

async function refusals(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => BOUNDARY_RULES.includes(m.ruleId ?? '')).map((m) => m.message);
}

describe('lint boundaries', () => {
  it.each([
    // the renderer is a sandboxed page
    ['renderer/App.tsx', "import { ipcRenderer } from 'electron';"],
    ['renderer/lib/x.ts', "import { readFileSync } from 'node:fs';"],
    ['renderer/lib/x.ts', "import { join } from 'path';"],
    ['renderer/features/a/B.tsx', "import { createCore } from '../../../main/core/app-core';"],
    ['renderer/stores/x.ts', "import Store from 'electron-store';"],
    ['renderer/stores/x.ts', "import { WebSocketServer } from 'ws';"],
    ['renderer/stores/x.ts', "export { shell } from 'electron';"],
    ['renderer/stores/x.ts', "const m = await import('electron');"],
    ['renderer/features/a/x.ts', "import { createBridge } from '../../../preload/bridge';"],
    ['renderer/features/a/x.ts', "import { parseClientMessage } from '../../../common/ws-wire';"],
    ['renderer/features/a/x.ts', "import { parseJson } from '../../../common/parse-unknown';"],
    ['renderer/features/a/x.ts', "import { something } from 'left-pad';"],
    // only renderer/lib/frontdesk.ts touches window.frontdesk
    ['renderer/stores/x.ts', 'const f = window.frontdesk;'],
    ['renderer/features/a/B.tsx', "const f = window['frontdesk'];"],
    ['renderer/features/a/B.tsx', 'const f = globalThis.frontdesk;'],
    ['renderer/components/B.tsx', 'const { frontdesk } = window;'],
    ['renderer/components/B.tsx', "void frontdesk.invoke['app:info']();"],
    // core is plain Node
    ['main/core/x.ts', "import { app } from 'electron';"],
    ['main/core/x.ts', "const { app } = await import('electron');"],
    ['main/core/x.ts', "const { app } = require('electron');"],
    ['main/core/x.ts', "type W = import('electron').BrowserWindow;"],
    ['main/core/x.ts', "const name = 'electron'; await import(name);"],
    ['main/core/ipc/x.ts', "import Store from 'electron-store';"],
    ['main/core/x.ts', "import { App } from '../../renderer/App';"],
    ['main/core/x.ts', "import { startServer } from '../browser-host/server';"],
    ['main/core/x.ts', "import { createWindow } from '../electron/window';"],
    ['main/core/x.ts', "import { WebSocketServer } from 'ws';"],
    ['main/core/x.ts', "import { readFileSync } from 'fs';"],
    ['main/core/x.ts', "import { createSandbox } from '../../test/sandbox/server';"],
    // the browser host runs without Electron
    ['main/browser-host/x.ts', "import { shell } from 'electron';"],
    ['main/browser-host/x.ts', "import { createWindow } from '../electron/window';"],
    ['main/browser-host/x.ts', "import { App } from '../../renderer/App';"],
    // Electron adapters do not reach into the browser host or the renderer
    ['main/electron/x.ts', "import { startServer } from '../browser-host/server';"],
    ['main/electron/x.ts', "import { App } from '../../renderer/App';"],
    // common/ is compiled by core and the renderer alike: it imports no runtime folder and no runtime's packages
    ['common/contract.ts', "import { ipcRenderer } from 'electron';"],
    ['common/channels/app.ts', "import { readFileSync } from 'node:fs';"],
    ['common/model/calendar.ts', "import { x } from '../../main/core/config';"],
    ['common/input-rules.ts', "import { App } from '../renderer/App';"],
    ['common/contract.ts', "import { createBridge } from '../preload/bridge';"],
    ['common/contract.ts', "import { create } from 'zustand';"],
    ['common/contract.ts', "import { WebSocketServer } from 'ws';"],
    // only preload/index.ts imports electron; the bridge is built from channel names, without zod
    ['preload/bridge.ts', "import { ipcRenderer } from 'electron';"],
    ['preload/bridge.ts', "import { readFileSync } from 'node:fs';"],
    ['preload/bridge.ts', "import { z } from 'zod';"],
    ['preload/bridge.ts', "import { x } from '../main/core/config';"],
    ['preload/bridge.ts', "import { invokeChannels } from '../common/contract';"],
    ['preload/bridge.ts', "import { type FrontdeskBridge, invokeChannels } from '../common/contract';"],
    ['preload/bridge.ts', "export { invokeChannels } from '../common/contract';"],
    ['preload/index.ts', "import { phoneNumber } from '../common/input-rules';"],
    ['preload/index.ts', "import type { ServerMessage } from '../common/ws-wire';"],
    // the sandbox shares nothing with the app
    ['test/sandbox/x.ts', "import { x } from '../../main/core/config';"],
  ])('%s may not: %s', async (file, code) => {
    expect(await refusals(file, `${code}\nexport {};\n`)).not.toEqual([]);
  });

  it.each([
    ['main/electron/x.ts', "import { app } from 'electron';"],
    ['main/index.ts', "import { app } from 'electron';"],
    ['preload/index.ts', "import { contextBridge } from 'electron';"],
    ['main/core/x.ts', "import { readFileSync } from 'node:fs';"],
    ['main/core/x.ts', "import { contract } from '../../common/contract';"],
    ['main/core/x.ts', "import { phoneNumber } from '../../common/input-rules';"],
    ['main/electron/x.ts', "import { parseJson } from '../../common/parse-unknown';"],
    ['main/browser-host/x.ts', "import { parseClientMessage } from '../../common/ws-wire';"],
    ['common/model/x.ts', "import { z } from 'zod';\nimport { parsePhoneNumberFromString } from 'libphonenumber-js';"],
    ['common/channels/x.ts', "import { bookingInput } from '../model/bookings';"],
    ['preload/bridge.ts', "import type { FrontdeskBridge } from '../common/contract';"],
    ['preload/bridge.ts', "import { invokeChannelNames } from '../common/channel-names';"],
    ['preload/bridge.ts', "type B = import('../common/contract').FrontdeskBridge;"],
    ['preload/index.ts', "import type { Result } from '../common/contract';"],
    ['main/core/x.ts', "const m = await import('./outbox/outbox');"],
    ['main/browser-host/x.ts', "import { createCore } from '../core/app-core';"],
    ['renderer/lib/x.ts', "import { createProxyBridge } from './proxy-bridge';"],
    ['renderer/lib/x.ts', "import type { ServerMessage } from '../../common/ws-wire';"],
    ['renderer/features/a/B.tsx', "import { contract } from '../../../common/contract';"],
    ['renderer/features/a/B.tsx', "import { isPhoneNumber } from '../../../common/input-rules';"],
    ['renderer/features/a/B.tsx', "import './a.css';"],
    ['renderer/lib/frontdesk.ts', 'const f = window.frontdesk;'],
    ['renderer/stores/x.ts', "import { frontdesk } from '../lib/frontdesk';\nvoid frontdesk.invoke['app:info']();"],
    ['test/sandbox/x.ts', "import Fastify from 'fastify';"],
  ])('%s may: %s', async (file, code) => {
    expect(await refusals(file, `${code}\nexport {};\n`)).toEqual([]);
  });
});
