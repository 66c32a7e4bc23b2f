import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** True when the user id is in the admins table. Checked on every admin call. */
export async function isAdmin(db: Kysely<DB>, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('admins')
    .select('user_id')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}
