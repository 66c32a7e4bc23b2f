import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { AuthUser } from '../../plugins/session.ts';
import { isAdmin } from '../admin/admin.repository.ts';

/** The wire shape of GET /api/me (web/features/auth/api.ts `Me`). */
export interface MeResponse {
  id: string;
  email: string;
  username: string | null;
  createdAt: string;
  lastLoginAt: string | null;
  isAdmin: boolean;
}

export async function presentMe(db: Kysely<DB>, user: AuthUser): Promise<MeResponse> {
  return {
    id: user.id,
    email: user.email,
    username: user.username,
    createdAt: user.createdAt,
    lastLoginAt: user.lastLoginAt,
    isAdmin: await isAdmin(db, user.id),
  };
}
