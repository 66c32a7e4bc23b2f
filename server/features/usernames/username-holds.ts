import type { Kysely, Transaction } from 'kysely';
import { LIMITS } from '../../../shared/limits.ts';
import type { DB } from '../../db/schema.ts';

/**
 * The one username hold (decision 012): a name its owner left stays theirs for
 * `LIMITS.usernameHoldDays`. Nobody else may take it, and its links answer 301 to the owner's
 * current name. Renames use it now; deleting an account will use it the same way.
 * `now` is milliseconds since the epoch, passed in so callers and tests own the clock.
 */

type Db = Kysely<DB> | Transaction<DB>;

const DAY_MS = 24 * 60 * 60 * 1000;

export interface UsernameHold {
  userId: string;
  heldUntil: string;
}

/** Keeps `username` for `userId` for the hold's 90 days from `now` (a later hold replaces it). */
export async function holdUsername(
  db: Db,
  username: string,
  userId: string,
  now: number,
): Promise<void> {
  const heldUntil = new Date(now + LIMITS.usernameHoldDays * DAY_MS).toISOString();
  await db
    .insertInto('username_holds')
    .values({ username, user_id: userId, held_until: heldUntil })
    .onConflict((oc) =>
      oc.column('username').doUpdateSet({ user_id: userId, held_until: heldUntil }),
    )
    .execute();
}

/** The live hold on `username`, if any. */
export async function findUsernameHold(
  db: Db,
  username: string,
  now: number,
): Promise<UsernameHold | undefined> {
  const row = await db
    .selectFrom('username_holds')
    .select(['user_id', 'held_until'])
    .where('username', '=', username)
    .where('held_until', '>', new Date(now).toISOString())
    .executeTakeFirst();
  return row && { userId: row.user_id, heldUntil: row.held_until };
}

/**
 * Where the links of a held name now lead: its holder's current username, while the hold lives
 * and the holder's account is enabled. Undefined otherwise (the name answers 404).
 */
export async function currentNameOfHolder(
  db: Db,
  username: string,
  now: number,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('username_holds')
    .innerJoin('users', 'users.id', 'username_holds.user_id')
    .select('users.username')
    .where('username_holds.username', '=', username)
    .where('username_holds.held_until', '>', new Date(now).toISOString())
    .where('users.disabled_at', 'is', null)
    .executeTakeFirst();
  return row?.username ?? undefined;
}

/** Ends any hold on `username` (its owner took it back, or it had run out). */
export async function releaseUsernameHold(db: Db, username: string): Promise<void> {
  await db.deleteFrom('username_holds').where('username', '=', username).execute();
}

/** Removes the holds that have run out. */
export async function deleteExpiredUsernameHolds(db: Db, now: number): Promise<void> {
  await db
    .deleteFrom('username_holds')
    .where('held_until', '<=', new Date(now).toISOString())
    .execute();
}
