import type { Kysely } from 'kysely';
import type { DB, LogoRow } from '../../db/schema.ts';

const COLUMNS = [
  'cache_key',
  'service_id',
  'logo_data',
  'logo_type',
  'logo_url',
  'error',
  'fetched_at',
  'expires_at',
] as const;

/** The cached row for a key, if it has not expired. */
export async function findFreshLogo(
  db: Kysely<DB>,
  cacheKey: string,
  now: string,
): Promise<LogoRow | undefined> {
  return db
    .selectFrom('logos')
    .select(COLUMNS)
    .where('cache_key', '=', cacheKey)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .executeTakeFirst();
}

/** Stores (or replaces) the cached outcome of a lookup. */
export async function saveLogo(db: Kysely<DB>, row: LogoRow): Promise<void> {
  await db
    .insertInto('logos')
    .values(row)
    .onConflict((oc) =>
      oc.column('cache_key').doUpdateSet({
        logo_data: row.logo_data,
        logo_type: row.logo_type,
        logo_url: row.logo_url,
        error: row.error,
        fetched_at: row.fetched_at,
        expires_at: row.expires_at,
      }),
    )
    .execute();
}
