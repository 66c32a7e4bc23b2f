import type { Database } from '../../db/database.ts';
import type { ScheduledJob } from '../../jobs/job.ts';
import { withJobLock } from '../../jobs/job-lock.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** How often each instance tries the job; only one runs it at a time. */
export const RETENTION_INTERVAL_MS = 60 * 60 * 1000;
/** PostgreSQL advisory lock key of the job (any fixed 64-bit number; "refstash retention"). */
export const RETENTION_LOCK_KEY = 7_307_080_015;

export type RetentionOutcome =
  | { ran: true; clicks: number; views: number }
  | { ran: false; reason: 'locked' };

/** Job runs older than this are deleted with the raw events (the jobs list needs the last). */
const JOB_RUNS_KEEP_DAYS = 30;

/**
 * Deletes raw click and view events older than `retentionDays` (decision 080). Their daily
 * totals stay: every event was added to its bucket by trigger when it was inserted, so an event
 * is always rolled up before it can be old enough to go. The caller holds the job's lock.
 */
async function deleteOldEvents(database: Database, retentionDays: number, now: number) {
  const cutoff = new Date(now - retentionDays * DAY_MS).toISOString();
  return database.db.transaction().execute(async (trx) => {
    const clicks = await trx
      .deleteFrom('clicks')
      .where('clicked_at', '<', cutoff)
      .executeTakeFirst();
    const views = await trx
      .deleteFrom('profile_views')
      .where('viewed_at', '<', cutoff)
      .executeTakeFirst();
    await trx
      .deleteFrom('job_runs')
      .where('started_at', '<', new Date(now - JOB_RUNS_KEEP_DAYS * DAY_MS).toISOString())
      .execute();
    return { clicks: Number(clicks.numDeletedRows), views: Number(views.numDeletedRows) };
  });
}

/**
 * One run on one instance at a time, under the job runner's lock (server/jobs/job-lock.ts): on
 * PostgreSQL the advisory lock `RETENTION_LOCK_KEY`; an instance that does not get it skips this
 * round. SQLite has one writer per file: a second process waits and then finds nothing to delete.
 */
export async function runRetention(
  database: Database,
  retentionDays: number,
  now: number,
): Promise<RetentionOutcome> {
  const outcome = await withJobLock(
    database,
    retentionJob,
    () => now,
    () => deleteOldEvents(database, retentionDays, now),
  );
  return outcome.ran ? { ran: true, ...outcome.value } : outcome;
}

/** The scheduled job (decision 109): hourly, under the lock key it always had. */
export const retentionJob: ScheduledJob = {
  name: 'retention',
  periodMs: RETENTION_INTERVAL_MS,
  lockKey: RETENTION_LOCK_KEY,
  async run(ctx) {
    const { clicks, views } = await deleteOldEvents(
      ctx.database,
      ctx.config.eventRetentionDays,
      ctx.now(),
    );
    return { summary: `${clicks} old clicks and ${views} old views deleted` };
  },
};
