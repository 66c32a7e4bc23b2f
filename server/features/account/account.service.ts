import { sql } from 'kysely';
import { ACCOUNT_MESSAGES } from '../../../shared/account-schemas.ts';
import { ERROR_CODES } from '../../../shared/error-codes.ts';
import type { Database } from '../../db/database.ts';
import { newId } from '../../db/ids.ts';
import { lockUserForWrite } from '../../db/row-locks.ts';
import { errors } from '../../errors.ts';
import { forgetUserInAuditLog } from '../moderation/actions.ts';
import { holdUsername } from '../usernames/username-holds.ts';

/** What `services.created_by` says for a service approved by an admin who left (decision 080). */
export const DELETED_ACCOUNT = 'deleted-account';

/**
 * Deletes the user and everything of theirs in one transaction (decision 080): codes, click
 * events, daily stats, profile views, sessions, sign-in tokens, their admin record. Their service
 * requests stay with the requester cleared (the foreign key sets null), and the ids they left as
 * reviewer, adder or service creator are cleared too, so no table keeps the user's id.
 *
 * The username (and any name they renamed away from) stays held for 90 days through
 * `holdUsername`, under a fresh id that matches no account: nobody else can take it, and its old
 * links answer 404 'Profile not found' (there is no one to redirect to).
 *
 * Sessions live in the database and are looked up on every request, so deleting them ends every
 * session of the user on every instance at once. The profile page's render cache is keyed by the
 * profile's content, found by the name lookup, which now misses: the page is 404 at once.
 */
export async function deleteAccount(
  database: Database,
  user: { id: string; email: string; username: string | null },
  confirmation: string,
  now: number,
): Promise<void> {
  const expected = user.username ?? user.email;
  if (confirmation !== expected.toLowerCase()) {
    throw errors.badRequest(ACCOUNT_MESSAGES.confirmMismatch, {
      username: ACCOUNT_MESSAGES.confirmMismatch,
    });
  }
  const { db, dialect } = database;
  await db.transaction().execute(async (trx) => {
    await lockUserForWrite(trx, dialect, user.id);
    const row = await trx
      .selectFrom('users')
      .select(['username', 'email'])
      .where('id', '=', user.id)
      .executeTakeFirst();
    if (!row) return;

    // The last admin may not leave: the admin list would be empty for good. On PostgreSQL the
    // admins' rows are locked first, so two admins deleting at once cannot both see the other.
    if (dialect === 'postgres') {
      await sql`select user_id from admins order by user_id for update`.execute(trx);
    }
    const admins = await trx.selectFrom('admins').select('user_id').execute();
    if (admins.some((a) => a.user_id === user.id) && admins.length === 1) {
      throw errors.conflict(ACCOUNT_MESSAGES.lastAdmin, undefined, ERROR_CODES.lastAdmin);
    }

    const tombstone = newId(now);
    await trx
      .updateTable('username_holds')
      .set({ user_id: tombstone })
      .where('user_id', '=', user.id)
      .execute();
    if (row.username) await holdUsername(trx, row.username, tombstone, now);

    await trx
      .updateTable('admins')
      .set({ added_by: null })
      .where('added_by', '=', user.id)
      .execute();
    await trx
      .updateTable('service_requests')
      .set({ reviewed_by: null })
      .where('reviewed_by', '=', user.id)
      .execute();
    await trx
      .updateTable('services')
      .set({ created_by: DELETED_ACCOUNT })
      .where('created_by', '=', user.id)
      .execute();
    await forgetUserInAuditLog(trx, user.id);
    await trx.deleteFrom('sign_in_tokens').where('email', '=', row.email).execute();
    // Clicks, votes (and their daily totals) go with the codes, sessions, admin record and views
    // with the user: every one of those foreign keys cascades. Deleting the codes first lets each
    // cascade run once, and the profile's read model is rebuilt for a user about to go.
    await trx.deleteFrom('codes').where('user_id', '=', user.id).execute();
    await trx.deleteFrom('users').where('id', '=', user.id).execute();
  });
}
