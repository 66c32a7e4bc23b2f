import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // In CI, list every test so the log shows each suite ran on SQLite and on PostgreSQL.
    reporters: process.env.CI === 'true' ? ['verbose'] : ['default'],
    // Two cores: keep parallelism modest so timing-sensitive tests stay honest.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'shared',
          include: ['shared/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: [
            'server/**/*.test.ts',
            'scripts/**/*.test.ts',
            'bench/**/*.test.ts',
            'tests/security/**/*.test.ts',
            'tests/spec/**/*.test.ts',
          ],
          environment: 'node',
          // A PostgreSQL database of the run's own, dropped when it ends (see the file).
          globalSetup: ['server/test-support/postgres-run.global.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // The full 1,000-body fuzz runs in `npm run test:stress`.
          env: { FUZZ_RUNS: '100' },
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          include: ['web/**/*.test.{ts,tsx}', 'tests/spec/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['web/test-setup.ts'],
        },
      },
    ],
  },
});
