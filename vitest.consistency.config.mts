import { defineConfig } from 'vitest/config';

/** The consistency e2e (test/consistency/run.ts): one seed per run, through the browser host, not in `npm test`. */
export default defineConfig({
  test: {
    // expect.poll waits for what a busy machine may show late; its own default (1 s) made loaded runs flaky.
    expect: { poll: { timeout: 15_000 } },
    include: ['test/consistency/**/*.e2e.ts'],
    environment: 'node',
    testTimeout: 15 * 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
  },
});
