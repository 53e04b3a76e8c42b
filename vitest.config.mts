import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/{unit,integration,fuzz}/**/*.test.{ts,tsx}'],
    environment: 'node',
    setupFiles: ['test/support/dom-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
