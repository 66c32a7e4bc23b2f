import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** A session's public id: the first 16 hex digits of its stored hash (never the cookie value). */
export const PUBLIC_ID_LENGTH = 16;

export function publicSessionId(sessionHash: string): string {
  return sessionHash.slice(0, PUBLIC_ID_LENGTH);
}

const byPublicId = (publicId: string) =>
  sql<boolean>`substr(id_hash, 1, ${sql.lit(PUBLIC_ID_LENGTH)}) = ${publicId}`;

/** The user's live sessions, the newest first. */
export async function listLiveSessions(db: Kysely<DB>, userId: string, now: string) {
  return db
    .selectFrom('sessions')
    .select(['id_hash', 'device', 'created_at', 'last_seen_at'])
    .where('user_id', '=', userId)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .execute();
}

/** Deletes the user's session with this public id; false when they have none with it. */
export async function deleteSessionByPublicId(
  db: Kysely<DB>,
  userId: string,
  publicId: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where(byPublicId(publicId))
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Deletes every session of the user but `keepHash`; returns how many went. */
export async function deleteOtherSessions(
  db: Kysely<DB>,
  userId: string,
  keepHash: string,
): Promise<number> {
  const result = await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where('id_hash', '<>', keepHash)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
