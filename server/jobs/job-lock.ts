import { sql } from 'kysely';
import type { Database } from '../db/database.ts';

export type Locked<T> = { ran: true; value: T } | { ran: false; reason: 'locked' };

/**
 * Runs `fn` while this instance holds the job's lock, or answers `locked` without running it.
 *
 * PostgreSQL: a session-level advisory lock (`pg_try_advisory_lock(lockKey)`) on a connection
 * pinned for the run; it conflicts with the transaction-level lock retention took before
 * (decision 080), so the key means the same. SQLite: a lease row in `job_marks` taken by one
 * conditional upsert (one writer at a time), so a CLI run and a server on the same file do not
 * overlap; a process that died lets it go when the lease ends.
 */
export async function withJobLock<T>(
  database: Database,
  job: { name: string; lockKey: number; periodMs: number },
  now: () => number,
  fn: () => Promise<T>,
): Promise<Locked<T>> {
  if (database.dialect === 'postgres') {
    return database.db.connection().execute(async (conn) => {
      const got = await sql<{ locked: boolean }>`
        select pg_try_advisory_lock(${job.lockKey}) as locked`.execute(conn);
      if (!got.rows[0]?.locked) return { ran: false, reason: 'locked' } as const;
      try {
        return { ran: true, value: await fn() } as const;
      } finally {
        await sql`select pg_advisory_unlock(${job.lockKey})`.execute(conn);
      }
    });
  }
  const name = `lock:${job.name}`;
  const start = now();
  const lease = new Date(start + Math.min(60 * 60_000, Math.max(60_000, 2 * job.periodMs)));
  const taken = await database.db
    .insertInto('job_marks')
    .values({ name, value: lease.toISOString() })
    .onConflict((oc) =>
      oc
        .column('name')
        .doUpdateSet({ value: lease.toISOString() })
        .where('job_marks.value', '<', new Date(start).toISOString()),
    )
    .executeTakeFirst();
  if (Number(taken.numInsertedOrUpdatedRows ?? 0) === 0) return { ran: false, reason: 'locked' };
  try {
    return { ran: true, value: await fn() };
  } finally {
    await database.db
      .updateTable('job_marks')
      .set({ value: '' })
      .where('name', '=', name)
      .where('value', '=', lease.toISOString())
      .execute();
  }
}
