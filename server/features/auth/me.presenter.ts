import type { Kysely } from 'kysely';
import type { Me } from '../../../shared/auth-schemas.ts';
import type { DB } from '../../db/schema.ts';
import type { AuthUser } from '../../plugins/session.ts';
import { isAdmin } from '../admin/admin.repository.ts';

/** The user as the API shows it, with the admin flag looked up. */
export async function presentMe(db: Kysely<DB>, user: AuthUser): Promise<Me> {
  return {
    id: user.id,
    email: user.email,
    username: user.username,
    createdAt: user.createdAt,
    lastLoginAt: user.lastLoginAt,
    isAdmin: await isAdmin(db, user.id),
  };
}
