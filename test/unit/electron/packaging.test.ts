/** The installer claims our sign-in scheme and locks Electron down with fuses. */
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { loadConfig } from '../../../main/core/config';

const yml = readFileSync('electron-builder.yml', 'utf8');

it('declares the redirect scheme for every OS (Linux desktop file gets x-scheme-handler)', () => {
  const scheme = new URL(loadConfig({ env: {} }).redirectUri).protocol.replace(':', '');
  expect(yml).toMatch(new RegExp(`protocols:[\\s\\S]*schemes:\\s*\\n\\s*- ${scheme.replace(/\./g, '\\.')}`));
  expect(yml).toContain(`x-scheme-handler/${scheme}`);
});

it('sets the Electron fuses that close run-as-node, NODE_OPTIONS and inspect', () => {
  for (const fuse of [
    'runAsNode: false',
    'enableNodeOptionsEnvironmentVariable: false',
    'enableNodeCliInspectArguments: false',
    'onlyLoadAppFromAsar: true',
    'enableEmbeddedAsarIntegrityValidation: true',
  ]) {
    expect(yml).toContain(fuse);
  }
});
