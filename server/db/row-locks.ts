import { type Kysely, sql, type Transaction } from 'kysely';
import type { Dialect } from './database.ts';
import type { DB } from './schema.ts';

/**
 * Inside `trx`, waits for and takes the lock that serialises writers of one user's data, so a
 * count made next stays true until the transaction ends (the per-user code cap).
 *
 * PostgreSQL: the user's row `FOR NO KEY UPDATE`, the lock the profile triggers of migration 0052
 * take anyway (so the trigger's own lock is already held: no new deadlock), and which does not
 * wait for the `FOR KEY SHARE` of foreign-key checks on `codes`.
 *
 * SQLite has one write lock for the whole file. In one process Kysely's single connection already
 * runs one transaction at a time; a write that changes nothing takes the file's write lock at once,
 * so another connection (the admin CLI) makes this wait (busy_timeout) instead of failing the
 * transaction later when its read snapshot turns out stale.
 */
export async function lockUserForWrite(
  trx: Transaction<DB> | Kysely<DB>,
  dialect: Dialect,
  userId: string,
): Promise<void> {
  if (dialect === 'postgres') {
    await sql`select 1 from users where id = ${userId} for no key update`.execute(trx);
    return;
  }
  await sql`update users set disabled_at = disabled_at where id = ${userId}`.execute(trx);
}
