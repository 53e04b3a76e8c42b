// The benchmark's reference app: the same vite, React plugin and minifier as Frontdesk's renderer.
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({ plugins: [react()], build: { minify: true, emptyOutDir: true } });
