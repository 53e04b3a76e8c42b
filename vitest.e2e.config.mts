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
    // Two files at once, each with its own sandbox, host and Chromium (nothing is shared but the built renderer):
    // the suite takes about half as long on two cores, and each file meets a busy machine, as tests must.
    maxWorkers: 2,
    fileParallelism: true,
  },
});
