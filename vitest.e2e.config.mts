import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // expect.poll waits for what a busy machine may show late; its own default (1 s) made loaded runs flaky.
    expect: { poll: { timeout: 15_000 } },
    include: ['test/e2e/**/*.e2e.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
  },
});
