import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** Sign-in tokens and the user rows the sign-in flow reads and writes. */

const USER_COLUMNS = [
  'id',
  'email',
  'username',
  'created_at',
  'last_login_at',
  'disabled_at',
  'list_new_codes',
  'username_changed_at',
] as const;

export async function insertSignInToken(
  db: Kysely<DB>,
  token: { tokenHash: string; email: string; createdAt: string; expiresAt: string },
): Promise<void> {
  await db
    .insertInto('sign_in_tokens')
    .values({
      token_hash: token.tokenHash,
      email: token.email,
      created_at: token.createdAt,
      expires_at: token.expiresAt,
    })
    .execute();
}

/**
 * Deletes the live token sent to `email` and reports whether it existed. One statement, so of
 * two concurrent completions exactly one gets the row back.
 */
export async function consumeSignInToken(
  db: Kysely<DB>,
  tokenHash: string,
  email: string,
  now: string,
): Promise<boolean> {
  const row = await db
    .deleteFrom('sign_in_tokens')
    .where('token_hash', '=', tokenHash)
    .where('email', '=', email)
    .where('expires_at', '>', now)
    .returning('token_hash')
    .executeTakeFirst();
  return row !== undefined;
}

export async function isLiveSignInToken(
  db: Kysely<DB>,
  tokenHash: string,
  now: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('sign_in_tokens')
    .select('token_hash')
    .where('token_hash', '=', tokenHash)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row !== undefined;
}

/** Counts one wrong address against the token; undefined when the token is already gone. */
export async function recordWrongEmail(
  db: Kysely<DB>,
  tokenHash: string,
): Promise<number | undefined> {
  const row = await db
    .updateTable('sign_in_tokens')
    .set((eb) => ({ failed_attempts: eb('failed_attempts', '+', 1) }))
    .where('token_hash', '=', tokenHash)
    .returning('failed_attempts')
    .executeTakeFirst();
  return row?.failed_attempts;
}

export async function deleteSignInToken(db: Kysely<DB>, tokenHash: string): Promise<void> {
  await db.deleteFrom('sign_in_tokens').where('token_hash', '=', tokenHash).execute();
}

/** Voids every other link sent to `email`: only the newest one mailed stays usable. */
export async function deleteOtherSignInTokens(
  db: Kysely<DB>,
  email: string,
  keepTokenHash: string,
): Promise<void> {
  await db
    .deleteFrom('sign_in_tokens')
    .where('email', '=', email)
    .where('token_hash', '<>', keepTokenHash)
    .execute();
}

export async function deleteExpiredSignInTokens(db: Kysely<DB>, now: string): Promise<void> {
  await db.deleteFrom('sign_in_tokens').where('expires_at', '<=', now).execute();
}

export async function findUserByEmail(db: Kysely<DB>, email: string) {
  return db.selectFrom('users').select(USER_COLUMNS).where('email', '=', email).executeTakeFirst();
}

export async function insertUser(
  db: Kysely<DB>,
  user: { id: string; email: string; now: string },
): Promise<void> {
  await db
    .insertInto('users')
    .values({
      id: user.id,
      email: user.email,
      username: null,
      created_at: user.now,
      last_login_at: user.now,
      disabled_at: null,
    })
    .execute();
}

export async function updateLastLogin(db: Kysely<DB>, userId: string, now: string): Promise<void> {
  await db.updateTable('users').set({ last_login_at: now }).where('id', '=', userId).execute();
}

/** Sessions are otherwise only removed when presented after expiry; sign-in sweeps the user's. */
export async function deleteExpiredSessionsOf(
  db: Kysely<DB>,
  userId: string,
  now: string,
): Promise<void> {
  await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where('expires_at', '<=', now)
    .execute();
}

export async function usernameExists(db: Kysely<DB>, username: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('username', '=', username)
    .executeTakeFirst();
  return row !== undefined;
}

/** The user's username and when they last renamed (null until the first rename). */
export async function findUsernameState(db: Kysely<DB>, userId: string) {
  return db
    .selectFrom('users')
    .select(['username', 'username_changed_at'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/**
 * Sets the user's username (and the copy on their admin record); `changedAt` records a rename.
 * Throws on a unique clash. Run it inside the caller's transaction.
 */
export async function setUsername(
  db: Kysely<DB>,
  userId: string,
  username: string,
  changedAt: string | undefined,
): Promise<void> {
  await db
    .updateTable('users')
    .set(changedAt ? { username, username_changed_at: changedAt } : { username })
    .where('id', '=', userId)
    .execute();
  await db.updateTable('admins').set({ username }).where('user_id', '=', userId).execute();
}
