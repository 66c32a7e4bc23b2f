import { defineConfig } from 'vitest/config';

/**
 * `npm run test:stress` (CI runs it after `npm test`): real servers under load, crashes, stops,
 * database outages, two instances, and the full 1,000-body fuzz. Needs `npm run build` first.
 */
export default defineConfig({
  test: {
    name: 'stress',
    include: ['tests/stress/**/*.stress.ts', 'tests/security/fuzz.test.ts'],
    environment: 'node',
    // The fuzz's test databases: a PostgreSQL database of the run's own (see the file).
    globalSetup: ['server/test-support/postgres-run.global.ts'],
    // One load at a time: parallel files would measure each other on a 2-core machine.
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 60_000,
    env: { FUZZ_RUNS: '1000' },
  },
});
