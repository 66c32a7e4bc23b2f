import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../database.ts';
import { columnTypes } from './column-types.ts';

/**
 * Daily totals (decision 080). Every click event and every profile view adds itself to its UTC
 * day's bucket inside the statement that inserts it (an AFTER INSERT trigger, like the click
 * counter of 0051): `daily_code_stats` per code and day, `daily_profile_stats` per user and day.
 * A stats query reads at most one row per code and day: O(days), not O(events).
 *
 * "Unique" is the number of distinct daily visitor hashes (decision 021): the event counts as
 * unique when no earlier event of the same code (or profile) that UTC day has its hash. The check
 * is one seek in the `(code_id, visitor_hash, clicked_at)` index of 0060 (and its twin on views).
 * `c.id < new.id`: on PostgreSQL row triggers run after the whole statement, so a batch's rows see
 * each other; only earlier ids decide.
 *
 * Raw events are deleted after `EVENT_RETENTION_DAYS` by the retention job; the buckets stay.
 * `clicks_clicked_at_idx` and `profile_views_viewed_at_idx` serve that job.
 */
export function statsRollups(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('daily_code_stats')
        .addColumn('code_id', 'text', (c) => c.notNull().references('codes.id').onDelete('cascade'))
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('copies', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('unique_visitors', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('daily_code_stats_pk', ['code_id', 'day'])
        .execute();
      await db.schema
        .createIndex('daily_code_stats_user_id_day_idx')
        .on('daily_code_stats')
        // Covering: the stats sums read the index alone (no table lookup per code and day).
        .columns(['user_id', 'day', 'code_id', 'copies', 'unique_visitors'])
        .execute();

      await t
        .addAutoId(db.schema.createTable('profile_views'), 'id')
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('viewed_at', t.timestamp, (c) => c.notNull())
        .addColumn('visitor_hash', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('profile_views_user_id_visitor_hash_viewed_at_idx')
        .on('profile_views')
        .columns(['user_id', 'visitor_hash', 'viewed_at'])
        .execute();
      await db.schema
        .createIndex('profile_views_viewed_at_idx')
        .on('profile_views')
        .column('viewed_at')
        .execute();

      await db.schema
        .createTable('daily_profile_stats')
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('unique_visitors', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('daily_profile_stats_pk', ['user_id', 'day'])
        .execute();

      await db.schema
        .createIndex('clicks_clicked_at_idx')
        .on('clicks')
        .column('clicked_at')
        .execute();

      if (dialect === 'sqlite') {
        await sql`
          create trigger clicks_daily_after_insert after insert on clicks
          begin
            insert into daily_code_stats (code_id, user_id, day, copies, unique_visitors)
            select new.code_id, codes.user_id, substr(new.clicked_at, 1, 10), 1,
              not exists (
                select 1 from clicks c
                where c.code_id = new.code_id and c.visitor_hash = new.visitor_hash
                  and c.clicked_at >= substr(new.clicked_at, 1, 10)
                  and c.clicked_at < date(new.clicked_at, '+1 day')
                  and c.id < new.id)
            from codes where codes.id = new.code_id
            on conflict (code_id, day) do update set
              copies = copies + 1, unique_visitors = unique_visitors + excluded.unique_visitors;
          end`.execute(db);
        await sql`
          create trigger profile_views_daily_after_insert after insert on profile_views
          begin
            insert into daily_profile_stats (user_id, day, views, unique_visitors)
            select new.user_id, substr(new.viewed_at, 1, 10), 1,
              not exists (
                select 1 from profile_views v
                where v.user_id = new.user_id and v.visitor_hash = new.visitor_hash
                  and v.viewed_at >= substr(new.viewed_at, 1, 10)
                  and v.viewed_at < date(new.viewed_at, '+1 day')
                  and v.id < new.id)
            where true
            on conflict (user_id, day) do update set
              views = views + 1, unique_visitors = unique_visitors + excluded.unique_visitors;
          end`.execute(db);
        return;
      }
      await sql`
        create function refstash_daily_click() returns trigger language plpgsql as $$
        declare
          day_start timestamptz := date_trunc('day', new.clicked_at at time zone 'UTC') at time zone 'UTC';
        begin
          insert into daily_code_stats (code_id, user_id, day, copies, unique_visitors)
          select new.code_id, codes.user_id, to_char(day_start at time zone 'UTC', 'YYYY-MM-DD'), 1,
            case when exists (
              select 1 from clicks c
              where c.code_id = new.code_id and c.visitor_hash = new.visitor_hash
                and c.clicked_at >= day_start and c.clicked_at < day_start + interval '1 day'
                and c.id < new.id) then 0 else 1 end
          from codes where codes.id = new.code_id
          on conflict (code_id, day) do update set
            copies = daily_code_stats.copies + 1,
            unique_visitors = daily_code_stats.unique_visitors + excluded.unique_visitors;
          return null;
        end
        $$`.execute(db);
      await sql`
        create trigger clicks_daily_after_insert after insert on clicks
        for each row execute function refstash_daily_click()`.execute(db);
      await sql`
        create function refstash_daily_view() returns trigger language plpgsql as $$
        declare
          day_start timestamptz := date_trunc('day', new.viewed_at at time zone 'UTC') at time zone 'UTC';
        begin
          insert into daily_profile_stats (user_id, day, views, unique_visitors)
          values (new.user_id, to_char(day_start at time zone 'UTC', 'YYYY-MM-DD'), 1,
            case when exists (
              select 1 from profile_views v
              where v.user_id = new.user_id and v.visitor_hash = new.visitor_hash
                and v.viewed_at >= day_start and v.viewed_at < day_start + interval '1 day'
                and v.id < new.id) then 0 else 1 end)
          on conflict (user_id, day) do update set
            views = daily_profile_stats.views + 1,
            unique_visitors = daily_profile_stats.unique_visitors + excluded.unique_visitors;
          return null;
        end
        $$`.execute(db);
      await sql`
        create trigger profile_views_daily_after_insert after insert on profile_views
        for each row execute function refstash_daily_view()`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      if (dialect === 'postgres') {
        await sql`drop trigger if exists clicks_daily_after_insert on clicks`.execute(db);
        await sql`drop trigger if exists profile_views_daily_after_insert on profile_views`.execute(
          db,
        );
        await sql`drop function if exists refstash_daily_click()`.execute(db);
        await sql`drop function if exists refstash_daily_view()`.execute(db);
      } else {
        await sql`drop trigger if exists clicks_daily_after_insert`.execute(db);
      }
      await db.schema.dropIndex('clicks_clicked_at_idx').ifExists().execute();
      await db.schema.dropTable('daily_profile_stats').ifExists().execute();
      await db.schema.dropTable('profile_views').ifExists().execute();
      await db.schema.dropTable('daily_code_stats').ifExists().execute();
    },
  };
}
