import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../db/database.ts';
import { jobsCliCommand } from '../features/admin/jobs-cli.ts';
import { dueForReminderQuery } from '../features/owner-mail/expiry-reminders.job.ts';
import { activeOwnersQuery } from '../features/owner-mail/weekly-summary.job.ts';
import {
  createTestDatabase,
  type TestDatabase,
  testConfig,
  testDatabaseKinds,
} from '../test-support/test-app.ts';
import type { ScheduledJob } from './job.ts';
import { findJob, JOBS } from './registry.ts';
import { runJobNow, startJobRunner, warnAboutLateJobs } from './runner.ts';

const T0 = Date.parse('2026-11-27T10:00:00.000Z');

function recordingLog() {
  const warnings: Array<{ obj: object; msg: string }> = [];
  return {
    warnings,
    log: { info() {}, error() {}, warn: (obj: object, msg: string) => warnings.push({ obj, msg }) },
  };
}

describe('the registry', () => {
  it('has the jobs of issue 28 with distinct names and lock keys', () => {
    expect(JOBS.map((job) => job.name)).toEqual([
      'retention',
      'expiry-reminders',
      'weekly-summary',
      'mail-queue',
      'link-health',
    ]);
    expect(new Set(JOBS.map((job) => job.lockKey)).size).toBe(JOBS.length);
    // Retention keeps the advisory lock key it always had (decision 080).
    expect(JOBS[0]?.lockKey).toBe(7_307_080_015);
    // Link health (decision 111): tried every minute, its own lock key.
    expect(findJob('link-health')).toMatchObject({ periodMs: 60_000, lockKey: 7_307_080_028 });
  });
});

for (const kind of testDatabaseKinds()) {
  describe(`job runner [${kind}]`, () => {
    let t: TestDatabase;
    const config = testConfig();
    beforeAll(async () => {
      t = await createTestDatabase(kind);
    });
    afterAll(async () => {
      await t?.destroy();
    });
    const job = (name: string, run: ScheduledJob['run']): ScheduledJob => ({
      name,
      periodMs: 60 * 60_000,
      lockKey: 9_100_000 + name.length,
      run,
    });

    it('records every run: start, duration, summary and outcome; a failing run is recorded as failed', async () => {
      const { log } = recordingLog();
      const ok = job('test-ok', async (ctx) => ({
        summary: `ran at ${new Date(ctx.now()).toISOString()}`,
      }));
      const outcome = await runJobNow(ok, { database: t.database, config, log, now: () => T0 });
      expect(outcome).toMatchObject({
        ran: true,
        outcome: 'ok',
        summary: 'ran at 2026-11-27T10:00:00.000Z',
      });
      const failing = job('test-failing', async () => {
        throw new Error('boom');
      });
      expect(
        await runJobNow(failing, { database: t.database, config, log, now: () => T0 }),
      ).toMatchObject({
        ran: true,
        outcome: 'failed',
        summary: 'failed: boom',
      });
      const rows = await t.database.db
        .selectFrom('job_runs')
        .selectAll()
        .where('name', 'in', ['test-ok', 'test-failing'])
        .orderBy('name')
        .execute();
      expect(rows.map((r) => [r.name, r.outcome, new Date(r.started_at).toISOString()])).toEqual([
        ['test-failing', 'failed', '2026-11-27T10:00:00.000Z'],
        ['test-ok', 'ok', '2026-11-27T10:00:00.000Z'],
      ]);
      expect(rows.every((r) => r.duration_ms >= 0)).toBe(true);
    });

    it('runs a job on one instance at a time: a second instance skips while the first holds the lock', async () => {
      const second = createDatabase(t.config, { schema: t.schema });
      try {
        const { log } = recordingLog();
        let release = () => {};
        const held = new Promise<void>((resolve) => {
          release = resolve;
        });
        let started = () => {};
        const running = new Promise<void>((resolve) => {
          started = resolve;
        });
        const slow = job('test-lock', async () => {
          started();
          await held;
          return { summary: 'slow' };
        });
        const first = runJobNow(slow, { database: t.database, config, log, now: () => T0 });
        await running;
        expect(await runJobNow(slow, { database: second, config, log, now: () => T0 })).toEqual({
          ran: false,
          reason: 'locked',
        });
        release();
        expect(await first).toMatchObject({ ran: true, summary: 'slow' });
        // Released: the next run goes ahead.
        expect(
          await runJobNow(slow, { database: second, config, log, now: () => T0 }),
        ).toMatchObject({ ran: true });
      } finally {
        await second.close();
      }
    });

    it('the scheduler runs each job after its first delay, then every period; stop waits for a run under way', async () => {
      const { log } = recordingLog();
      let runs = 0;
      const quick: ScheduledJob = {
        name: 'test-scheduled',
        periodMs: 20,
        lockKey: 9_200_001,
        async run() {
          runs += 1;
          return { summary: `run ${runs}` };
        },
      };
      const runner = startJobRunner(
        [quick],
        { database: t.database, config, log },
        { firstRunDelayMs: 5 },
      );
      await expect.poll(() => runs, { timeout: 5000 }).toBeGreaterThanOrEqual(2);
      await runner.stop();
      const after = runs;
      await new Promise((resolve) => setTimeout(resolve, 60));
      expect(runs).toBe(after);
      const recorded = await t.database.db
        .selectFrom('job_runs')
        .select('summary')
        .where('name', '=', 'test-scheduled')
        .execute();
      expect(recorded.length).toBe(after);
    });

    it('warns in the log when a job has not run in twice its period', async () => {
      const { log, warnings } = recordingLog();
      const hourly = job('test-late', async () => ({ summary: 'done' }));
      await runJobNow(hourly, { database: t.database, config, log, now: () => T0 });
      expect(await warnAboutLateJobs(t.database, [hourly], log, T0 + 119 * 60_000, T0)).toEqual([]);
      expect(await warnAboutLateJobs(t.database, [hourly], log, T0 + 121 * 60_000, T0)).toEqual([
        'test-late',
      ]);
      expect(warnings).toEqual([
        {
          obj: { job: 'test-late', lastRunAt: '2026-11-27T10:00:00.000Z', periodMs: 3_600_000 },
          msg: 'scheduled job has not run in twice its period',
        },
      ]);
      // A job that never ran counts from the runner's start.
      const never = job('test-never', async () => ({ summary: '' }));
      expect(await warnAboutLateJobs(t.database, [never], log, T0 + 60_000, T0)).toEqual([]);
      expect(await warnAboutLateJobs(t.database, [never], log, T0 + 121 * 60_000, T0)).toEqual([
        'test-never',
      ]);
    });

    it('`npm run admin -- jobs` lists every job; `jobs run <name>` runs one and records it', async () => {
      const before = await jobsCliCommand(t.database, config, undefined);
      expect(before.out.map((line) => line.split(' ')[0])).toEqual([
        'retention',
        'expiry-reminders',
        'weekly-summary',
        'mail-queue',
        'link-health',
      ]);
      expect(before.out[0]).toMatch(/^retention\s+every 1 h\s+never ran$/);
      expect(before.out[4]).toMatch(/^link-health\s+every 1 min\s+never ran$/);
      const run = await jobsCliCommand(t.database, config, 'expiry-reminders');
      expect(run.failed).toBe(false);
      expect(run.out[0]).toMatch(/^expiry-reminders ok in [\d.]+ s: 0 codes due/);
      // Link health, on the clock the caller gives (a test's; the wall clock for an operator).
      const links = await jobsCliCommand(t.database, config, 'link-health', { now: () => T0 });
      expect(links.failed).toBe(false);
      expect(links.out).toEqual([
        expect.stringMatching(
          /^link-health ok in [\d.]+ s: 0 links checked, 0 broken, 0 restored$/,
        ),
      ]);
      const after = await jobsCliCommand(t.database, config, undefined);
      expect(after.out[1]).toMatch(
        /^expiry-reminders\s+every 1 h\s+last ran \S+, took [\d.]+ s, ok: 0 codes due/,
      );
      expect(after.out[4]).toMatch(
        /^link-health\s+every 1 min\s+last ran 2026-11-27T10:00:00\.000Z, took [\d.]+ s, ok: 0 links checked, 0 broken, 0 restored$/,
      );
      const unknown = await jobsCliCommand(t.database, config, 'nope');
      expect(unknown.failed).toBe(true);
      expect(unknown.out).toEqual([
        'No job named "nope". Jobs: retention, expiry-reminders, weekly-summary, mail-queue, link-health',
      ]);
    });

    it('reminders and the weekly summary read by index: codes by expiry day, daily totals and votes by day', async () => {
      const db = t.database.db;
      const explain = async (query: {
        compile(): { sql: string; parameters: readonly unknown[] };
      }) => {
        const { sql: text, parameters } = query.compile();
        if (kind === 'sqlite') {
          const result = await db.executeQuery<{ detail: string }>({
            sql: `explain query plan ${text}`,
            parameters,
            query: { kind: 'RawNode' } as never,
            queryId: { queryId: 'plan' } as never,
          });
          return result.rows.map((r) => r.detail).join('\n');
        }
        // PostgreSQL: with sequential scans off, the plan shows which index can serve the query
        // (on tiny test tables a scan would be cheaper, so the planner's own choice proves nothing).
        return db.transaction().execute(async (trx) => {
          await sql`set local enable_seqscan = off`.execute(trx);
          const result = await trx.executeQuery<Record<string, string>>({
            sql: `explain ${text}`,
            parameters,
            query: { kind: 'RawNode' } as never,
            queryId: { queryId: 'plan' } as never,
          });
          return result.rows.map((r) => Object.values(r)[0]).join('\n');
        });
      };
      const reminders = await explain(dueForReminderQuery(db, '2026-11-27', '2026-12-04'));
      expect(reminders).toContain('codes_expires_on_idx');
      const owners = await explain(activeOwnersQuery(db, '2026-11-16', '2026-11-22'));
      expect(owners).toContain('daily_user_stats_day_idx');
      expect(owners).toContain('daily_profile_stats_day_idx');
      expect(owners).toContain('votes_day_idx');
    });
  });
}
