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
    plugins: [react(), preloadEntry()],
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
