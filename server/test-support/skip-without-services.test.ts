import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const self = path.relative(root, import.meta.filename);

/** What a test file needing PostgreSQL or Redis reaches them by. */
const NEEDS_SERVICE =
  /TEST_DATABASE_URL|REDIS_URL|createTestDatabase\('postgres'|kind: 'postgres'|createScratchPostgres/;

/** `npm test`'s test files (vitest.config.ts and vitest.e2e.config.ts). */
function testFiles(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : testFiles(file);
    return /\.test\.tsx?$|\.e2e\.ts$/.test(entry.name) ? [file] : [];
  });
}

it('every file of npm test that needs PostgreSQL or Redis passes without them, skipping and saying why', () => {
  const files = ['server', 'scripts', 'shared', 'web', 'tests/security', 'tests/spec', 'tests/e2e']
    .flatMap(testFiles)
    .filter((file) => file !== self)
    .filter((file) => NEEDS_SERVICE.test(fs.readFileSync(path.join(root, file), 'utf8')));
  expect(files).toContain('server/db/migrations/trigger-plans.test.ts');
  // None of the end-to-end files reaches a service itself (their fixture does, via testDatabaseKinds).
  expect(files.filter((file) => file.endsWith('.e2e.ts'))).toEqual([]);

  // A new user's shell: neither variable, not CI (where a missing one is a failure), and none
  // of this run's own settings (a vitest inside vitest fails on them).
  const env = { PATH: process.env.PATH, HOME: process.env.HOME };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'refstash-skips-'));
  try {
    const report = path.join(dir, 'run.json');
    const vitest = path.join(root, 'node_modules/vitest/vitest.mjs');
    const run = spawnSync(
      process.execPath,
      [vitest, 'run', '--reporter=json', `--outputFile=${report}`, ...files],
      { cwd: root, env, encoding: 'utf8' },
    );
    expect(fs.existsSync(report), run.stderr).toBe(true);
    const results = JSON.parse(fs.readFileSync(report, 'utf8')) as {
      testResults: Array<{
        name: string;
        status: string;
        assertionResults: Array<{ status: string; fullName: string }>;
      }>;
    };
    const failed = results.testResults.filter((file) => file.status !== 'passed');
    expect(failed.map((file) => path.relative(root, file.name))).toEqual([]);
    expect(run.status).toBe(0);

    const tests = results.testResults.flatMap((file) => file.assertionResults);
    const skipped = tests.filter((test) => test.status !== 'passed');
    expect(skipped.length).toBeGreaterThan(0);
    for (const test of skipped) {
      expect(test.fullName).toMatch(/\(skipped: (TEST_DATABASE_URL|REDIS_URL) is not set\)/);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  // A child Vitest: about 12 s alone, much more on a machine busy with the rest of the suite.
}, 180_000);
