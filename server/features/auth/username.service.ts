import type { Kysely } from 'kysely';
import { AUTH_MESSAGES, isReservedUsername } from '../../../shared/auth-schemas.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { DB } from '../../db/schema.ts';
import { errors } from '../../errors.ts';
import { updateUsername, usernameExists } from './auth.repository.ts';

const taken = () =>
  errors.conflict(AUTH_MESSAGES.usernameTaken, { username: AUTH_MESSAGES.usernameTaken });

/** True when nobody holds the (already validated, lowercase) name and it is not reserved. */
export async function isUsernameAvailable(db: Kysely<DB>, username: string): Promise<boolean> {
  return !isReservedUsername(username) && !(await usernameExists(db, username));
}

/**
 * Gives the user the (validated, lowercase) name. The unique index decides races: of two
 * concurrent claims one wins and the other gets 409.
 */
export async function claimUsername(
  db: Kysely<DB>,
  userId: string,
  username: string,
): Promise<void> {
  if (isReservedUsername(username)) throw taken();
  try {
    await updateUsername(db, userId, username);
  } catch (error) {
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
}
