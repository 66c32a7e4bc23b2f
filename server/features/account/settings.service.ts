import type { Kysely } from 'kysely';
import type { SettingsInput } from '../../../shared/account-schemas.ts';
import type { DB } from '../../db/schema.ts';
import type { AuthUser } from '../../plugins/session.ts';

/** Saves the owner's settings (decision 080) and returns the user as they now are. */
export async function saveSettings(
  db: Kysely<DB>,
  user: AuthUser,
  settings: SettingsInput,
): Promise<AuthUser> {
  await db
    .updateTable('users')
    .set({ list_new_codes: settings.listNewCodes ? 1 : 0 })
    .where('id', '=', user.id)
    .execute();
  return { ...user, listNewCodes: settings.listNewCodes };
}
