/**
 * main/core is type-checked by its own tsconfig without Electron's types, so core cannot lean on the global
 * `Electron` namespace (which main/tsconfig.json sees, through main/electron's imports) without the check failing.
 */
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const configPath = join(process.cwd(), 'main/core/tsconfig.json');

/** Core's program, optionally with one more file of core code. */
function coreProgram(extra?: { name: string; text: string }): ts.Program {
  const config = ts.getParsedCommandLineOfConfigFile(
    configPath,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  )!;
  const host = ts.createCompilerHost(config.options);
  if (extra) {
    const read = host.getSourceFile.bind(host);
    host.getSourceFile = (name, lang, ...rest) =>
      name === extra.name ? ts.createSourceFile(name, extra.text, lang) : read(name, lang, ...rest);
  }
  return ts.createProgram({
    rootNames: extra ? [...config.fileNames, extra.name] : config.fileNames,
    options: config.options,
    host,
  });
}

describe('core tsconfig', () => {
  it('core pulls in no Electron typings (npm run typecheck compiles it on its own)', () => {
    const program = coreProgram();
    expect(program.getSourceFiles().filter((f) => f.fileName.includes('/node_modules/electron/'))).toEqual([]);
  });

  it("core code naming Electron's types does not compile", () => {
    const name = join(process.cwd(), 'main/core/electron-probe.ts');
    const program = coreProgram({ name, text: 'export type Window = Electron.BrowserWindow;\n' });
    const messages = ts.getPreEmitDiagnostics(program, program.getSourceFile(name));
    expect(messages.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')).join('\n')).toMatch(/Electron/);
  });
});
