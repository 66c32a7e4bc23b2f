import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

const INDEX = 'daily_code_stats_user_id_day_idx';

/**
 * The daily totals' owner index without the counts (decision 119).
 *
 * Migration 0080 made `(user_id, day, code_id, copies, unique_visitors)` covering, so that the
 * stats sums read the index alone. Since the running totals (0082) the stats page reads by code
 * (the primary key), and only rare reads (the weekly summary, the export) still go by owner; a
 * table lookup per row costs them little. The price of the counts in the index was paid on every
 * copy: each one changes `copies`, so it rewrote an index entry in a random page as well as the
 * row (SQLite: ~24 % of a repeat copy's database work, measured), and on PostgreSQL an update of
 * an indexed column can never be a heap-only (HOT) update, so each copy added an entry to every
 * index of the table. Without them a copy of a code already counted today changes the row alone.
 * The index keeps what the owner's reads and the cascade from a deleted account need.
 */
export const narrowDailyStatsIndex: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.dropIndex(INDEX).execute();
    await db.schema
      .createIndex(INDEX)
      .on('daily_code_stats')
      .columns(['user_id', 'day', 'code_id'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex(INDEX).execute();
    await db.schema
      .createIndex(INDEX)
      .on('daily_code_stats')
      .columns(['user_id', 'day', 'code_id', 'copies', 'unique_visitors'])
      .execute();
  },
};
