import type { Kysely } from 'kysely';
import { compiledLookup } from '../../db/prepared-statements.ts';
import type { DB } from '../../db/schema.ts';
import {
  IDENTITY_COLUMN_NAMES,
  type IdentityColumns,
} from '../profile-identity/identity.presenter.ts';

/** With the identity (migration 0100), presented by identity.presenter.ts. */
export interface PublicProfileRow extends IdentityColumns {
  /** The owner's id: counts the page's views (decision 080); never sent. */
  id: string;
  username: string;
  /** The JSON array of migration 0052's read model, ready to send. */
  profile_codes: string;
}

/**
 * A public profile: ONE lookup by the unique username index, returning the codes array the
 * database keeps current (migration 0052). Undefined when no enabled user has that username.
 */
export const findPublicProfile = compiledLookup<DB, PublicProfileRow>(profileQuery);

export function profileQuery(db: Kysely<DB>, username: string) {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'profile_codes', ...IDENTITY_COLUMN_NAMES])
    .where('username', '=', username)
    .where('disabled_at', 'is', null);
}
