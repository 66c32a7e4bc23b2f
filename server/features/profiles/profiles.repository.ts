import type { CompiledQuery, Kysely } from 'kysely';
import { preparedOnPostgres } from '../../db/prepared-statements.ts';
import type { DB } from '../../db/schema.ts';
import { oncePer } from '../../once-per.ts';

export interface PublicProfileRow {
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
export async function findPublicProfile(
  db: Kysely<DB>,
  username: string,
): Promise<PublicProfileRow | undefined> {
  const template = compiledProfileQuery(db);
  const parameters = template.parameters.map((value) =>
    value === USERNAME_SLOT ? username : value,
  );
  const result = await db.executeQuery<PublicProfileRow>({ ...template, parameters });
  return result.rows[0];
}

// Building and compiling Kysely's query tree costs more than running this lookup, so each
// database keeps the compiled SQL and only swaps the value.
const USERNAME_SLOT = '\u0000username\u0000';
const compiledProfileQuery = oncePer((db: Kysely<DB>) =>
  preparedOnPostgres(profileQuery(db, USERNAME_SLOT).compile() as CompiledQuery<PublicProfileRow>),
);

export function profileQuery(db: Kysely<DB>, username: string) {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'profile_codes'])
    .where('username', '=', username)
    .where('disabled_at', 'is', null);
}
