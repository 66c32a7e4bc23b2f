import type { CompiledQuery, Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** One row per code; a user with no codes yields one row whose code columns are null. */
export interface ProfileRow {
  username: string | null;
  id: string | null;
  service: string | null;
  service_name: string | null;
  product_name: string | null;
  code: string | null;
  reward: string | null;
  link: string | null;
  clicks: number | null;
  created_at: string | null;
}

/**
 * A public profile in ONE indexed query: the user by the unique username index, their codes by
 * (user_id, created_at) newest first, each joined to its service. No rows means no such user.
 */
export async function findProfileRows(
  db: Kysely<DB>,
  username: string,
  limit?: number,
): Promise<ProfileRow[]> {
  const template = compiledProfileQuery(db, limit);
  const parameters = template.parameters.map((value) =>
    value === USERNAME_SLOT ? username : value,
  );
  const result = await db.executeQuery<ProfileRow>({ ...template, parameters });
  return result.rows;
}

// The profile is the hottest read. Building and compiling Kysely's query tree on every request
// cost more than running it, so each database keeps the compiled SQL and only swaps the value.
const USERNAME_SLOT = '\u0000username\u0000';
const compiledQueries = new WeakMap<
  Kysely<DB>,
  Map<number | undefined, CompiledQuery<ProfileRow>>
>();

function compiledProfileQuery(
  db: Kysely<DB>,
  limit: number | undefined,
): CompiledQuery<ProfileRow> {
  let byLimit = compiledQueries.get(db);
  if (!byLimit) {
    byLimit = new Map();
    compiledQueries.set(db, byLimit);
  }
  let compiled = byLimit.get(limit);
  if (!compiled) {
    compiled = profileQuery(db, USERNAME_SLOT, limit).compile();
    byLimit.set(limit, compiled);
  }
  return compiled;
}

/** The profile query itself (tests read its plan). */
export function profileQuery(db: Kysely<DB>, username: string, limit?: number) {
  const query = db
    .selectFrom('users')
    .leftJoin('codes', 'codes.user_id', 'users.id')
    .leftJoin('services', 'services.id', 'codes.service')
    .select([
      'users.username',
      'codes.id',
      'codes.service',
      'services.name as service_name',
      'codes.product_name',
      'codes.code',
      'codes.reward',
      'codes.link',
      'codes.clicks',
      'codes.created_at',
    ])
    .where('users.username', '=', username)
    .where('users.disabled_at', 'is', null)
    .orderBy('codes.created_at', 'desc')
    .orderBy('codes.id', 'desc');
  return limit === undefined ? query : query.limit(limit);
}
