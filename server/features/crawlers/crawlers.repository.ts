import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** Public profiles a visitor can find something on: a username, enabled, at least one code. */
function listedProfiles(db: Kysely<DB>) {
  return db
    .selectFrom('users')
    .where('username', 'is not', null)
    .where('disabled_at', 'is', null)
    .where('profile_codes', '<>', '[]');
}

export async function countListedProfiles(db: Kysely<DB>): Promise<number> {
  const row = await listedProfiles(db)
    .select(sql<number>`count(*)`.as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** One page of usernames, in name order. */
export async function listedUsernames(
  db: Kysely<DB>,
  offset: number,
  limit: number,
): Promise<string[]> {
  const rows = await listedProfiles(db)
    .select('username')
    .orderBy('username')
    .offset(offset)
    .limit(limit)
    .execute();
  return rows.map((row) => row.username!);
}
