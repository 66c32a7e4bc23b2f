import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/** The sizes of decision 032, as they were when this ran (a migration never follows the code). */
const SIZES = [64, 160, 400];

async function cacheKeys(db: Kysely<unknown>): Promise<string[]> {
  const { rows } = await sql<{ cache_key: string }>`select cache_key from logos`.execute(db);
  return rows.map((row) => row.cache_key);
}

async function rekey(db: Kysely<unknown>, from: string, to: string, keys: Set<string>) {
  if (keys.has(to)) {
    await sql`delete from logos where cache_key = ${from}`.execute(db);
  } else {
    await sql`update logos set cache_key = ${to} where cache_key = ${from}`.execute(db);
    keys.add(to);
  }
  keys.delete(from);
}

/**
 * The logo cache's bounds (decision 032):
 * - indexes for the purge of expired rows (`expires_at`) and the eviction of the oldest
 *   (`fetched_at`);
 * - cache keys go from `service:{id}:{w}x{h}` to `service:{id}:{size}`: a square logo at one of
 *   the sizes keeps its row under the new key, any other row (odd sizes, which nothing serves
 *   any more) is deleted. A logo cache row is only ever a copy: the next lookup refetches it.
 */
export const logoCacheBounds: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.createIndex('logos_expires_at_idx').on('logos').column('expires_at').execute();
    await db.schema.createIndex('logos_fetched_at_idx').on('logos').column('fetched_at').execute();
    const keys = new Set(await cacheKeys(db));
    for (const key of [...keys]) {
      const old = /^service:(.+):(\d+)x(\d+)$/.exec(key);
      if (!old) continue;
      const [, id, width, height] = old;
      if (width === height && SIZES.includes(Number(width))) {
        await rekey(db, key, `service:${id}:${width}`, keys);
      } else {
        await sql`delete from logos where cache_key = ${key}`.execute(db);
        keys.delete(key);
      }
    }
  },
  async down(db: Kysely<unknown>) {
    const keys = new Set(await cacheKeys(db));
    for (const key of [...keys]) {
      const current = /^service:(.+):(\d+)$/.exec(key);
      if (!current) continue;
      const [, id, size] = current;
      await rekey(db, key, `service:${id}:${size}x${size}`, keys);
    }
    await db.schema.dropIndex('logos_fetched_at_idx').execute();
    await db.schema.dropIndex('logos_expires_at_idx').execute();
  },
};
