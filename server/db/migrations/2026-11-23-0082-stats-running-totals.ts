import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../database.ts';

/** A bucket added: its running totals from the code's previous bucket; later ones and its day grow. */
const BUCKET_ADDED = `
  update daily_code_stats set
    copies_to_date = new.copies + coalesce((select p.copies_to_date from daily_code_stats p
      where p.code_id = new.code_id and p.day < new.day order by p.day desc limit 1), 0),
    unique_to_date = new.unique_visitors + coalesce((select p.unique_to_date
      from daily_code_stats p where p.code_id = new.code_id and p.day < new.day
      order by p.day desc limit 1), 0)
  where code_id = new.code_id and day = new.day;
  update daily_code_stats set
    copies_to_date = copies_to_date + new.copies,
    unique_to_date = unique_to_date + new.unique_visitors
  where code_id = new.code_id and day > new.day;
  insert into daily_user_stats (user_id, day, copies, unique_visitors)
  values (new.user_id, new.day, new.copies, new.unique_visitors)
  on conflict (user_id, day) do update set
    copies = daily_user_stats.copies + excluded.copies,
    unique_visitors = daily_user_stats.unique_visitors + excluded.unique_visitors;`;

/** A bucket grown: its running totals and every later one, and its day, by the difference. */
const BUCKET_CHANGED = `
  update daily_code_stats set
    copies_to_date = copies_to_date + new.copies - old.copies,
    unique_to_date = unique_to_date + new.unique_visitors - old.unique_visitors
  where code_id = new.code_id and day >= new.day;
  update daily_user_stats set
    copies = copies + new.copies - old.copies,
    unique_visitors = unique_visitors + new.unique_visitors - old.unique_visitors
  where user_id = new.user_id and day = new.day;`;

/** A bucket gone (its code deleted): its day shrinks. */
const BUCKET_REMOVED = `
  update daily_user_stats set
    copies = copies - old.copies,
    unique_visitors = unique_visitors - old.unique_visitors
  where user_id = old.user_id and day = old.day;`;

/** [name, event, body]: `daily_code_stats_<name>`, and `refstash_code_bucket_<name>()` on PostgreSQL. */
const BUCKET_TRIGGERS = [
  ['after_insert', 'after insert', BUCKET_ADDED],
  // Not on its own running totals: only a change of the counts moves them.
  ['after_update', 'after update of copies, unique_visitors', BUCKET_CHANGED],
  ['after_delete', 'after delete', BUCKET_REMOVED],
] as const;

/**
 * Stats that cost O(days + codes), not O(codes × days) (decision 080, "running totals").
 *
 * With 0080 a 90-day stats view summed one bucket per code and day twice: 18,000 rows for 200
 * codes. This keeps two things beside the buckets, both by triggers on `daily_code_stats`, so
 * every writer of buckets (the click trigger today) keeps them right without knowing:
 * - `daily_user_stats(user_id, day, copies, unique_visitors)`: the sum of the user's code buckets
 *   of that day. The profile's series reads one row per day.
 * - `copies_to_date` and `unique_to_date` on each bucket: the code's totals up to and including
 *   that day. A code's total over a range is the last running total in it minus the last one
 *   before it: two index seeks per code.
 *
 * Exact sums, so nothing changes for the owner: when a code goes (its buckets go by cascade),
 * its copies leave the profile's days too, as they did when the days were summed on the fly.
 * Buckets come in time order, so an insert or an increment normally touches its own row only;
 * a bucket of an earlier day (a late event) adds itself to every later running total.
 */
export function statsRunningTotals(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('daily_code_stats')
        .addColumn('copies_to_date', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('daily_code_stats')
        .addColumn('unique_to_date', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createTable('daily_user_stats')
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('copies', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('unique_visitors', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('daily_user_stats_pk', ['user_id', 'day'])
        .execute();

      // The history so far.
      await sql`
        update daily_code_stats set
          copies_to_date = (select sum(p.copies) from daily_code_stats p
            where p.code_id = daily_code_stats.code_id and p.day <= daily_code_stats.day),
          unique_to_date = (select sum(p.unique_visitors) from daily_code_stats p
            where p.code_id = daily_code_stats.code_id and p.day <= daily_code_stats.day)`.execute(
        db,
      );
      await sql`
        insert into daily_user_stats (user_id, day, copies, unique_visitors)
        select user_id, day, sum(copies), sum(unique_visitors)
        from daily_code_stats group by user_id, day`.execute(db);

      // The same statements on both databases: as a SQLite trigger's body, or a PL/pgSQL function's.
      for (const [name, event, body] of BUCKET_TRIGGERS) {
        if (dialect === 'sqlite') {
          await sql
            .raw(
              `create trigger daily_code_stats_${name} ${event} on daily_code_stats begin ${body} end`,
            )
            .execute(db);
          continue;
        }
        await sql
          .raw(
            `create function refstash_code_bucket_${name}() returns trigger language plpgsql as $$ begin ${body} return null; end $$`,
          )
          .execute(db);
        await sql
          .raw(
            `create trigger daily_code_stats_${name} ${event} on daily_code_stats for each row execute function refstash_code_bucket_${name}()`,
          )
          .execute(db);
      }
    },
    async down(db: Kysely<unknown>) {
      for (const [name] of BUCKET_TRIGGERS) {
        const trigger = `daily_code_stats_${name}`;
        if (dialect === 'postgres') {
          await sql.raw(`drop trigger if exists ${trigger} on daily_code_stats`).execute(db);
          await sql.raw(`drop function if exists refstash_code_bucket_${name}()`).execute(db);
        } else {
          await sql.raw(`drop trigger if exists ${trigger}`).execute(db);
        }
      }
      await db.schema.dropTable('daily_user_stats').ifExists().execute();
      await db.schema.alterTable('daily_code_stats').dropColumn('unique_to_date').execute();
      await db.schema.alterTable('daily_code_stats').dropColumn('copies_to_date').execute();
    },
  };
}
