import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../database.ts';

/**
 * The PostgreSQL trigger functions whose every statement is an indexed lookup or an upsert by
 * key: clicks and their daily and running totals, profile views, the profile read model, and
 * the listing revisions.
 */
const INDEXED_TRIGGER_FUNCTIONS = [
  'refstash_count_click()',
  'refstash_daily_click()',
  'refstash_daily_view()',
  'refstash_code_bucket_after_insert()',
  'refstash_code_bucket_after_update()',
  'refstash_code_bucket_after_delete()',
  'refstash_refresh_profile(text)',
  'refstash_profile_on_code()',
  'refstash_listing_on_code()',
  'refstash_listing_on_vote()',
  'refstash_listing_on_rename()',
] as const;

/**
 * Trigger plans that stay right as tables grow (PostgreSQL; nothing to do on SQLite, which keeps
 * no plan chosen by table sizes).
 *
 * PL/pgSQL caches each statement's plan for the life of the connection, and after five runs keeps
 * a generic plan made from the table sizes of that moment, until an ANALYZE of the table
 * invalidates it. The server's pooled connections live as long as traffic keeps them busy, so a
 * plan made while a table was empty (a new install, or the benchmark's freshly seeded database
 * with no daily totals yet) scans the whole table on every click until autovacuum next analyzes
 * it, or for good where autovacuum is off (as on the benchmark's PostgreSQL). Measured there: the
 * clicks fell from about 3,000 to under 300 a second within a minute, with 52,180 sequential scans
 * reading 340 million rows of `daily_code_stats`, and recovered only when the connections were
 * replaced. With sequential scans off inside these functions every cached plan uses the indexes
 * their statements were written for, whatever the table sizes were when it was made. Scoped to
 * the functions: nothing else the server runs is affected.
 *
 * A later migration that re-creates one of these functions must keep `set enable_seqscan = off`
 * (`create or replace` replaces its settings); the migration test checks every one at the latest
 * version.
 */
export function triggerPlans(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      for (const fn of INDEXED_TRIGGER_FUNCTIONS) {
        await sql.raw(`alter function ${fn} set enable_seqscan = off`).execute(db);
      }
    },
    async down(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      for (const fn of INDEXED_TRIGGER_FUNCTIONS) {
        await sql.raw(`alter function ${fn} reset enable_seqscan`).execute(db);
      }
    },
  };
}
