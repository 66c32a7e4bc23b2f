import type { Kysely } from 'kysely';
import { AUTH_MESSAGES } from '../../../shared/auth-schemas.ts';
import type { DB } from '../../db/schema.ts';
import { errors } from '../../errors.ts';
import type { AuthUser } from '../../plugins/session.ts';
import { deleteExpiredSessionsOf, updateLastLogin } from '../auth/auth.repository.ts';

/**
 * The passkey's owner, signed in as the e-mail link signs in (sign-in.service.ts): refused when
 * disabled, the last sign-in recorded and their expired sessions swept.
 */
export async function signInPasskeyUser(
  db: Kysely<DB>,
  userId: string,
  now: number,
): Promise<AuthUser> {
  const user = await db
    .selectFrom('users')
    .select([
      'id',
      'email',
      'username',
      'created_at',
      'disabled_at',
      'list_new_codes',
      'username_changed_at',
    ])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) throw errors.unauthenticated();
  if (user.disabled_at !== null) throw errors.userDisabled(AUTH_MESSAGES.userDisabled);
  const nowIso = new Date(now).toISOString();
  await updateLastLogin(db, user.id, nowIso);
  await deleteExpiredSessionsOf(db, user.id, nowIso);
  return {
    id: user.id,
    email: user.email,
    username: user.username,
    createdAt: user.created_at,
    lastLoginAt: nowIso,
    listNewCodes: Number(user.list_new_codes) === 1,
    usernameChangedAt: user.username_changed_at,
  };
}
