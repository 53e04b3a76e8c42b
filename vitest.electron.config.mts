import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/electron/**/*.electron.ts'],
    environment: 'node',
    testTimeout: 90_000,
    hookTimeout: 90_000,
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
  },
});
