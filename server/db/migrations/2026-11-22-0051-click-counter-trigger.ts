import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../database.ts';

/**
 * Every click event adds exactly 1 to its code's `clicks`, inside the statement that inserts
 * the event: the two can never disagree, whatever path inserts a click, and recording a copy is
 * one statement instead of a four-statement transaction (BEGIN, INSERT, UPDATE, COMMIT).
 */
export function clickCounterTrigger(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === 'sqlite') {
        await sql`
          create trigger clicks_count_after_insert after insert on clicks
          begin
            update codes set clicks = clicks + 1 where id = new.code_id;
          end`.execute(db);
        return;
      }
      await sql`
        create function refstash_count_click() returns trigger language plpgsql as $$
        begin
          update codes set clicks = clicks + 1 where id = new.code_id;
          return null;
        end
        $$`.execute(db);
      await sql`
        create trigger clicks_count_after_insert after insert on clicks
        for each row execute function refstash_count_click()`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await sql`drop trigger if exists clicks_count_after_insert${dialect === 'postgres' ? sql` on clicks` : sql``}`.execute(
        db,
      );
      if (dialect === 'postgres')
        await sql`drop function if exists refstash_count_click()`.execute(db);
    },
  };
}
