import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** How often each instance tries the job; only one runs it at a time. */
export const RETENTION_INTERVAL_MS = 60 * 60 * 1000;
/** The first try waits a minute after start, out of the way of startup. */
const FIRST_RUN_DELAY_MS = 60 * 1000;
/** PostgreSQL advisory lock key of the job (any fixed 64-bit number; "refstash retention"). */
export const RETENTION_LOCK_KEY = 7_307_080_015;

export type RetentionOutcome =
  | { ran: true; clicks: number; views: number }
  | { ran: false; reason: 'locked' };

/**
 * Deletes raw click and view events older than `retentionDays` (decision 080). Their daily
 * totals stay: every event was added to its bucket by trigger when it was inserted, so an event
 * is always rolled up before it can be old enough to go.
 *
 * One instance at a time: on PostgreSQL the run holds a transaction-level advisory lock taken
 * with `pg_try_advisory_xact_lock`; an instance that does not get it skips this round. SQLite has
 * one writer per file: the run is one write transaction, so a second process waits for it and
 * then finds nothing left to delete.
 */
export async function runRetention(
  database: Database,
  retentionDays: number,
  now: number,
): Promise<RetentionOutcome> {
  const cutoff = new Date(now - retentionDays * DAY_MS).toISOString();
  return database.db.transaction().execute(async (trx) => {
    if (database.dialect === 'postgres') {
      const lock = await sql<{ locked: boolean }>`
        select pg_try_advisory_xact_lock(${RETENTION_LOCK_KEY}) as locked`.execute(trx);
      if (!lock.rows[0]?.locked) return { ran: false, reason: 'locked' } as const;
    }
    const clicks = await trx
      .deleteFrom('clicks')
      .where('clicked_at', '<', cutoff)
      .executeTakeFirst();
    const views = await trx
      .deleteFrom('profile_views')
      .where('viewed_at', '<', cutoff)
      .executeTakeFirst();
    return {
      ran: true,
      clicks: Number(clicks.numDeletedRows),
      views: Number(views.numDeletedRows),
    } as const;
  });
}

/** Runs the job on a schedule inside the server; `stop` ends it (the app's onClose). */
export function startRetentionJob(
  database: Database,
  retentionDays: number,
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void },
): { stop(): void } {
  let timer: NodeJS.Timeout;
  const run = async () => {
    try {
      const outcome = await runRetention(database, retentionDays, Date.now());
      if (outcome.ran && outcome.clicks + outcome.views > 0) {
        log.info(outcome, 'old click and view events deleted');
      }
    } catch (error) {
      log.error({ err: error }, 'event retention failed');
    }
    timer = setTimeout(run, RETENTION_INTERVAL_MS).unref();
  };
  timer = setTimeout(run, FIRST_RUN_DELAY_MS).unref();
  return { stop: () => clearTimeout(timer) };
}
