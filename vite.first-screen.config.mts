/**
 * The first screen's Node build (renderer/first-screen/): `npm run build` runs it after the app's, into
 * out/first-screen/index.mjs, which the hosts load by path and run in Node. Everything it imports is in the file (the
 * packaged app has no node_modules for it). The CSS the copy needs beyond the page's own stylesheet is read from the app
 * build's manifest.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type UserConfig } from 'vite';

const root = import.meta.dirname;
const manifestFile = resolve(root, 'out/renderer/.vite/manifest.json');

/** One chunk of Vite's manifest (the fields read here). */
interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}

/**
 * The CSS of the app's chunk and the schedule screen's, with the chunks they import, less what the page's entry
 * links already: in the order the page would load them.
 */
function stylesheetsOf(manifest: Record<string, ManifestChunk>): string[] {
  const cssOf = (key: string, seen = new Set<string>()): string[] => {
    if (seen.has(key)) return [];
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`first screen: the renderer build's manifest has no ${key}`);
    return [...(chunk.imports ?? []).flatMap((k) => cssOf(k, seen)), ...(chunk.css ?? [])];
  };
  const linked = new Set(cssOf('index.html'));
  const needed = [...cssOf('App.tsx'), ...cssOf('features/calendar/ScheduleScreen.tsx')];
  return [...new Set(needed)].filter((file) => !linked.has(file)).map((file) => `./${file}`);
}

export default defineConfig((): UserConfig => {
  if (!existsSync(manifestFile)) throw new Error('first screen: build the renderer first (electron-vite build)');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  return {
    root,
    plugins: [react()],
    define: {
      __FIRST_SCREEN_STYLESHEETS__: JSON.stringify(stylesheetsOf(manifest)),
      'process.env.NODE_ENV': JSON.stringify('production'),
    },
    ssr: { noExternal: true, target: 'node' },
    build: {
      ssr: resolve(root, 'renderer/first-screen/index.ts'),
      outDir: resolve(root, 'out/first-screen'),
      emptyOutDir: true,
      minify: false,
      rollupOptions: { output: { format: 'es', entryFileNames: 'index.mjs', inlineDynamicImports: true } },
    },
  };
});
