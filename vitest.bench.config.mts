import { defineConfig } from 'vitest/config';

// `npm run bench`: the benchmark runs under vitest only to reuse the test fixtures (sandbox, signed-in core, page
// driver); it asserts nothing and is not part of `npm test`.
export default defineConfig({
  test: {
    include: ['test/bench/bench.run.ts'],
    environment: 'node',
    testTimeout: 600_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
  },
});
