import type { Kysely } from 'kysely';
import { ADMIN_MESSAGES, type AdminView } from '../../../shared/admin-schemas.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { nowIso } from '../../db/ids.ts';
import type { AdminRow, DB } from '../../db/schema.ts';
import { errors } from '../../errors.ts';
import { deleteAdmin, findUserByEmail, insertAdmin, listAdmins } from './admin.repository.ts';

export function presentAdmin(row: AdminRow): AdminView {
  return {
    userId: row.user_id,
    email: row.email,
    username: row.username,
    addedBy: row.added_by,
    addedAt: row.added_at,
  };
}

export async function listAdminViews(db: Kysely<DB>): Promise<AdminView[]> {
  return (await listAdmins(db)).map(presentAdmin);
}

/**
 * Makes the user with this e-mail an admin (used by /admin and the CLI). The user must have
 * signed in once, so that the record can carry their id and username.
 * `addedBy` is the admin's user id, or null from the CLI.
 */
export async function addAdminByEmail(
  db: Kysely<DB>,
  email: string,
  addedBy: string | null,
): Promise<AdminView> {
  const user = await findUserByEmail(db, email);
  if (!user) throw errors.notFound(ADMIN_MESSAGES.userNotFound);
  const row: AdminRow = {
    user_id: user.id,
    email: user.email,
    username: user.username,
    added_by: addedBy,
    added_at: nowIso(),
  };
  try {
    await insertAdmin(db, row);
  } catch (error) {
    if (isUniqueViolation(error)) throw errors.conflict(ADMIN_MESSAGES.alreadyAdmin);
    throw error;
  }
  return presentAdmin(row);
}

/** Removes the admin rights of the user with this e-mail; false when they had none. */
export async function removeAdminByEmail(db: Kysely<DB>, email: string): Promise<boolean> {
  const user = await findUserByEmail(db, email);
  if (!user) throw errors.notFound(ADMIN_MESSAGES.userNotFound);
  return deleteAdmin(db, user.id);
}
