import type { Kysely } from 'kysely';
import { renameTooSoonMessage } from '../../../shared/auth-messages.ts';
import { AUTH_MESSAGES, isReservedUsername } from '../../../shared/auth-schemas.ts';
import { ERROR_CODES } from '../../../shared/error-codes.ts';
import { LIMITS } from '../../../shared/limits.ts';
import type { Database } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { lockUserForWrite } from '../../db/row-locks.ts';
import type { DB } from '../../db/schema.ts';
import { errors } from '../../errors.ts';
import {
  deleteExpiredUsernameHolds,
  findUsernameHold,
  holdUsername,
  releaseUsernameHold,
} from '../usernames/username-holds.ts';
import { findUsernameState, setUsername, usernameExists } from './auth.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

const taken = () =>
  errors.conflict(AUTH_MESSAGES.usernameTaken, { username: AUTH_MESSAGES.usernameTaken });

/**
 * True when the (validated, lowercase) name could be claimed: not reserved, nobody's username,
 * and not held for someone else. A name held for `requesterId` is theirs to take back.
 */
export async function isUsernameAvailable(
  db: Kysely<DB>,
  username: string,
  now: number,
  requesterId?: string,
): Promise<boolean> {
  if (isReservedUsername(username) || (await usernameExists(db, username))) return false;
  const hold = await findUsernameHold(db, username, now);
  return hold === undefined || hold.userId === requesterId;
}

/**
 * Gives the user the (validated, lowercase) name (decision 012) and answers when their name last
 * changed by a rename. The first choice is free; a rename is allowed once per 30 days, and the name left behind is held for the user for 90 days.
 * The user's write lock serialises their own claims. Against other users, the unique index
 * decides races, and the hold is read only after this claim's write: on PostgreSQL that write
 * waits for a concurrent rename away from the name to commit, so its hold is then visible.
 */
export async function claimUsername(
  database: Database,
  userId: string,
  username: string,
  now: number,
): Promise<string | null> {
  if (isReservedUsername(username)) throw taken();
  const { db, dialect } = database;
  try {
    return await db.transaction().execute(async (trx) => {
      await lockUserForWrite(trx, dialect, userId);
      const state = await findUsernameState(trx, userId);
      if (!state || state.username === username) return state?.username_changed_at ?? null;
      const previous = state.username;
      if (previous !== null && state.username_changed_at !== null) {
        const allowedAt =
          Date.parse(state.username_changed_at) + LIMITS.usernameRenameIntervalDays * DAY_MS;
        if (now < allowedAt) {
          const message = renameTooSoonMessage(new Date(allowedAt));
          const wait = Math.ceil((allowedAt - now) / 1000);
          throw errors.tooSoon(ERROR_CODES.renameTooSoon, message, wait, 'username');
        }
      }
      const renamedAt = previous === null ? undefined : new Date(now).toISOString();
      await setUsername(trx, userId, username, renamedAt);
      const hold = await findUsernameHold(trx, username, now);
      if (hold && hold.userId !== userId) throw taken();
      await releaseUsernameHold(trx, username);
      if (previous !== null) {
        await deleteExpiredUsernameHolds(trx, now);
        await holdUsername(trx, previous, userId, now);
      }
      return renamedAt ?? state.username_changed_at;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
}
