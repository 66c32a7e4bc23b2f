import type { Kysely } from 'kysely';
import { newId, nowIso } from '../ids.ts';
import type { DB } from '../schema.ts';

/**
 * Inserts a user who never signed in, with only the columns every migration since 0001 has, so
 * it works below any migration. The username is `usernamePrefix` and the id's last 8 characters.
 */
export async function insertBareUser(db: Kysely<DB>, usernamePrefix: string): Promise<string> {
  const id = newId();
  await db
    .insertInto('users')
    .values({
      id,
      email: `${id}@example.com`,
      username: `${usernamePrefix}${id.slice(-8)}`,
      created_at: nowIso(),
      last_login_at: null,
      disabled_at: null,
    })
    .execute();
  return id;
}

/** A user (see insertBareUser) with one listed lyft code `code`. */
export async function insertOwnerWithListedCode(
  db: Kysely<DB>,
  owner: { usernamePrefix: string; code: string },
): Promise<{ userId: string; codeId: string }> {
  const userId = await insertBareUser(db, owner.usernamePrefix);
  const codeId = newId();
  await db
    .insertInto('codes')
    .values({
      id: codeId,
      user_id: userId,
      service: 'lyft',
      product_name: null,
      code: owner.code,
      reward: '5',
      link: null,
      created_at: nowIso(),
      updated_at: nowIso(),
      listed: 1,
    })
    .execute();
  return { userId, codeId };
}

/** The service page revision of lyft, the service of insertOwnerWithListedCode's code. */
export async function lyftListingRev(db: Kysely<DB>): Promise<number> {
  const service = await db
    .selectFrom('services')
    .select('listing_rev')
    .where('id', '=', 'lyft')
    .executeTakeFirstOrThrow();
  return Number(service.listing_rev);
}
