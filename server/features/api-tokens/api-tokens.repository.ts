import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { AUTH_USER_COLUMNS } from '../../plugins/session.ts';

/** The columns a token is listed with: never `token_hash`. */
const LIST_COLUMNS = ['id', 'name', 'scopes', 'created_at', 'expires_at', 'last_used_at'] as const;

export async function insertApiToken(
  db: Kysely<DB>,
  token: {
    id: string;
    userId: string;
    tokenHash: string;
    name: string;
    scopes: string;
    createdAt: string;
    expiresAt: string | null;
  },
): Promise<void> {
  await db
    .insertInto('api_tokens')
    .values({
      id: token.id,
      user_id: token.userId,
      token_hash: token.tokenHash,
      name: token.name,
      scopes: token.scopes,
      created_at: token.createdAt,
      expires_at: token.expiresAt,
      last_used_at: null,
    })
    .execute();
}

export async function countApiTokens(db: Kysely<DB>, userId: string): Promise<number> {
  const row = await db
    .selectFrom('api_tokens')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The user's tokens, newest first. */
export async function listApiTokens(db: Kysely<DB>, userId: string) {
  return db
    .selectFrom('api_tokens')
    .select(LIST_COLUMNS)
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export type ApiTokenRow = Awaited<ReturnType<typeof listApiTokens>>[number];

export async function findApiToken(db: Kysely<DB>, userId: string, id: string) {
  return db
    .selectFrom('api_tokens')
    .select(LIST_COLUMNS)
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Deletes the user's token; false when they hold none with this id. */
export async function deleteApiToken(db: Kysely<DB>, userId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('api_tokens')
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The token with this hash and its owner, whatever its expiry (the caller checks). */
export async function findTokenWithUser(db: Kysely<DB>, tokenHash: string) {
  return db
    .selectFrom('api_tokens')
    .innerJoin('users', 'users.id', 'api_tokens.user_id')
    .select([
      ...AUTH_USER_COLUMNS,
      'api_tokens.id as token_id',
      'api_tokens.scopes',
      'api_tokens.expires_at',
      'api_tokens.last_used_at',
    ])
    .where('api_tokens.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Sets `last_used_at` unless another request did so since `cutoff`. */
export async function touchApiToken(
  db: Kysely<DB>,
  id: string,
  now: string,
  cutoff: string,
): Promise<void> {
  await db
    .updateTable('api_tokens')
    .set({ last_used_at: now })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', cutoff)]))
    .execute();
}
