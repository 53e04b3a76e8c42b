import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // expect.poll waits for what a busy machine may show late; its own default (1 s) made loaded runs flaky.
    expect: { poll: { timeout: 15_000 } },
    include: ['test/{unit,integration,fuzz}/**/*.test.{ts,tsx}'],
    environment: 'node',
    setupFiles: ['test/support/dom-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
