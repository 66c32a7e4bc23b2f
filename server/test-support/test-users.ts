import type { Kysely } from 'kysely';
import { newId, nowIso } from '../db/ids.ts';
import type { DB } from '../db/schema.ts';

/**
 * Inserts a user who has signed in before (optionally an admin) straight into the database:
 * for tests whose subject is not the sign-in flow. Returns the new user's id.
 */
export async function insertTestUser(
  db: Kysely<DB>,
  user: { email: string; username: string | null; admin?: boolean },
): Promise<string> {
  const id = newId();
  await db
    .insertInto('users')
    .values({
      id,
      email: user.email,
      username: user.username,
      created_at: nowIso(),
      last_login_at: nowIso(),
      disabled_at: null,
    })
    .execute();
  if (user.admin) {
    await db
      .insertInto('admins')
      .values({
        user_id: id,
        email: user.email,
        username: user.username,
        added_by: null,
        added_at: nowIso(),
      })
      .execute();
  }
  return id;
}
