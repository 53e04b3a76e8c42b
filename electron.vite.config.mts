import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import type { Plugin } from 'vite';

/**
 * The page's first script (renderer/boot.ts) imports the entry (renderer/main.tsx) once it may run: the entry's chunk
 * and the chunks it imports are linked as `modulepreload`, so they are fetched and compiled while the page is parsed
 * and painted, as when the entry was the page's own script.
 */
function preloadEntry(): Plugin {
  return {
    name: 'frontdesk-preload-entry',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).flatMap((c) => (c.type === 'chunk' ? [c] : []));
        const entry = chunks.find((c) => c.facadeModuleId === resolve(__dirname, 'renderer/main.tsx'));
        if (!entry) throw new Error('the renderer build has no chunk for renderer/main.tsx');
        const files = new Set<string>();
        const walk = (file: string) => {
          if (files.has(file)) return;
          files.add(file);
          chunks.find((c) => c.fileName === file)?.imports.forEach(walk);
        };
        walk(entry.fileName);
        return [...files]
          .filter((file) => !html.includes(file))
          .map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `./${file}` },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}

/**
 * react-aria's focus-visible tracking (its useFocusVisible module) adds a `beforeunload` listener to the window only to
 * take its own listeners off as the page goes, which happens anyway. A page with such a listener makes the browser ask
 * it before each reload and close: a round trip through the page's thread before the reload's request is even sent
 * (2 ms in this machine's traces). The build leaves that one listener out, and fails if it no longer finds it where it
 * was, so a react-aria update that moves it is seen (test/e2e/page-unload.e2e.ts checks the page has none).
 */
function noUnloadListener(): Plugin {
  const module = /\/react-aria\/dist\/private\/interactions\/useFocusVisible\.mjs$/;
  const listener = /windowObject\.addEventListener\('beforeunload',\s*\(\)=>\{[^{}]*\},\s*\{\s*once:\s*true\s*\}\);/;
  return {
    name: 'frontdesk-no-unload-listener',
    apply: 'build',
    transform(code, id) {
      if (!module.test(id.replace(/\\/g, '/').split('?')[0]!)) return null;
      if (!listener.test(code)) throw new Error(`react-aria's beforeunload listener is no longer where it was: ${id}`);
      return { code: code.replace(listener, ''), map: null };
    },
  };
}

export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      rollupOptions: { input: { index: resolve(__dirname, 'main/index.ts') } },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      // A sandboxed preload cannot require packages: bundle everything but electron.
      externalizeDeps: false,
      rollupOptions: {
        input: { index: resolve(__dirname, 'preload/index.ts') },
        external: ['electron'],
        output: { format: 'cjs' },
      },
    },
  },
  renderer: {
    root: resolve(__dirname, 'renderer'),
    plugins: [react(), preloadEntry(), noUnloadListener()],
    build: {
      outDir: resolve(__dirname, 'out/renderer'),
      // electron-vite leaves the renderer unminified by default; what the page downloads and parses is the app.
      minify: true,
      // The first screen's build reads which CSS files the app's and the schedule's chunks load
      // (vite.first-screen.config.mts).
      manifest: true,
      rollupOptions: { input: resolve(__dirname, 'renderer/index.html') },
    },
  },
});
