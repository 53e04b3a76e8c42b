/** The installer claims our sign-in scheme and locks Electron down with fuses (electron-builder.yml, read as YAML). */
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig } from '../../../main/core/config';

interface BuilderConfig {
  protocols?: { name?: string; schemes?: string[] }[];
  electronFuses?: Record<string, unknown>;
  linux?: { mimeTypes?: string[] };
  mac?: { hardenedRuntime?: unknown };
  asar?: unknown;
}

const config = parse(readFileSync('electron-builder.yml', 'utf8')) as BuilderConfig;

it('declares the redirect scheme for every OS (Linux desktop file gets x-scheme-handler)', () => {
  const scheme = new URL(loadConfig({ env: {} }).redirectUri).protocol.replace(':', '');
  expect(config.protocols?.flatMap((p) => p.schemes ?? [])).toContain(scheme);
  expect(config.linux?.mimeTypes).toContain(`x-scheme-handler/${scheme}`);
});

it('sets the Electron fuses that close run-as-node, NODE_OPTIONS and inspect, and loads only the signed asar', () => {
  expect(config.electronFuses).toMatchObject({
    runAsNode: false,
    enableNodeOptionsEnvironmentVariable: false,
    enableNodeCliInspectArguments: false,
    onlyLoadAppFromAsar: true,
    enableEmbeddedAsarIntegrityValidation: true,
    grantFileProtocolExtraPrivileges: false,
  });
  expect(config.asar).toBe(true);
  expect(config.mac?.hardenedRuntime).toBe(true);
});
