import type { Kysely } from 'kysely';
import type { AdminRow, DB } from '../../db/schema.ts';

/** True when the user id is in the admins table. Checked on every admin call. */
export async function isAdmin(db: Kysely<DB>, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('admins')
    .select('user_id')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Every admin, newest first. */
export function listAdmins(db: Kysely<DB>): Promise<AdminRow[]> {
  return db
    .selectFrom('admins')
    .select(['user_id', 'email', 'username', 'added_by', 'added_at'])
    .orderBy('added_at', 'desc')
    .orderBy('user_id', 'desc')
    .execute();
}

export function findUserByEmail(db: Kysely<DB>, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'username'])
    .where('email', '=', email)
    .executeTakeFirst();
}

/** Inserts an admin record; throws a unique violation when the user already is one. */
export async function insertAdmin(db: Kysely<DB>, row: AdminRow): Promise<void> {
  await db.insertInto('admins').values(row).execute();
}

/** Removes the admin record of the user; answers whether there was one. */
export async function deleteAdmin(db: Kysely<DB>, userId: string): Promise<boolean> {
  const result = await db.deleteFrom('admins').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
