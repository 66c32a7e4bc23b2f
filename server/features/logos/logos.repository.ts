import type { Kysely } from 'kysely';
import type { DB, LogoRow } from '../../db/schema.ts';
import { MAX_STORED_LOGO_BYTES } from './png-logo.ts';

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

/** A stored logo's most bytes: its PNG in base64, and the row's other fields. */
const LOGO_ROW_BYTES = Math.ceil((MAX_STORED_LOGO_BYTES * 4) / 3) + 1024;

/**
 * The rows a byte budget (LOGO_CACHE_MB) holds; a write to a full cache evicts the oldest
 * (finding 2, decisions 032 and 091).
 */
export function logoRowsWithin(bytes: number): number {
  return Math.max(1, Math.floor(bytes / LOGO_ROW_BYTES));
}

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

/** Deletes every row that has expired by `now`; returns how many. */
export async function purgeExpiredLogos(db: Kysely<DB>, now: string): Promise<number> {
  const result = await db.deleteFrom('logos').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Deletes the oldest rows (by fetch time) beyond `maxRows`; returns how many. */
export async function evictOldestLogos(db: Kysely<DB>, maxRows: number): Promise<number> {
  const { n } = await db
    .selectFrom('logos')
    .select((eb) => eb.fn.countAll<string | number | bigint>().as('n'))
    .executeTakeFirstOrThrow();
  const excess = Number(n) - maxRows;
  if (excess <= 0) return 0;
  const result = await db
    .deleteFrom('logos')
    .where('cache_key', 'in', (eb) =>
      eb
        .selectFrom('logos')
        .select('cache_key')
        .orderBy('fetched_at')
        .orderBy('cache_key')
        .limit(excess),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export interface SaveLogoOptions {
  /** The clock expired rows are purged by (ISO 8601). */
  now: string;
  /** The bound of the whole cache (logoRowsWithin the budget). */
  maxRows: number;
}

/**
 * Stores (or replaces) the cached outcome of a lookup, then keeps the cache bounded: expired rows
 * are purged and, past the bound, the oldest are evicted. Writes are rare (each follows a network
 * fetch, at most 120 a minute), so the count this costs is cheap. Instances writing at the same
 * moment may each see the cache one row short of full: the bound holds to within a few rows.
 */
export async function saveLogo(
  db: Kysely<DB>,
  row: LogoRow,
  { now, maxRows }: SaveLogoOptions,
): Promise<void> {
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
  await purgeExpiredLogos(db, now);
  await evictOldestLogos(db, maxRows);
}
