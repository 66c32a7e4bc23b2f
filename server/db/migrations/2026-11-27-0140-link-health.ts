import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../database.ts';
import { columnTypes } from './column-types.ts';

/**
 * Link health (issue 28, decision 111).
 *
 * - `code_links`: one row per code that has, or had while listed, an http(s) link. `state` is
 *   'unknown' until the first conclusive check, 'ok', or 'broken' after 3 failures in a row;
 *   `failures` counts the current streak, which began at `streak_started_at`. `next_check_at` is
 *   null while the code is not listed (the row keeps its state for when it is listed again), so
 *   the partial index `code_links_due_idx` holds only what the job may check: a run reads the due
 *   rows and nothing else.
 * - Triggers on `codes` keep the rows: a listed code with an http(s) link gets a row due at once;
 *   a new link starts over ('unknown'); unlisting clears `next_check_at`, listing again sets it.
 * - A code's state crossing 'broken' bumps its service's `listing_rev` (migration 0070), so
 *   the service page's caches drop it on every instance (decision 099).
 * - `codes_listed_link_idx`: listed codes by link, so one check serves every code with the same
 *   link. A hash index on PostgreSQL (a 2,048-character link may exceed a btree entry).
 * - `services.home_redirect_broken`: the service's rule that a referral link redirected to its
 *   home page is a dead one (off by default).
 * - `link_health_runs`: one row, when the job last started and finished: a run claims it, so
 *   runs never overlap and start at least a minute after the last one ended (the per-host limit).
 */

const TRACKED = (row: string) =>
  `${row}.listed = 1 and (lower(${row}.link) like 'http://%' or lower(${row}.link) like 'https://%')`;

const bump = (where: string) => `update services set listing_rev = listing_rev + 1 where ${where};`;

const FUNCTIONS = ['refstash_code_links_on_code()', 'refstash_listing_on_link_state()'];

function triggers(dialect: Dialect): string[] {
  if (dialect === 'sqlite') {
    return [
      `create trigger codes_links_after_insert after insert on codes when ${TRACKED('new')}
       begin insert or ignore into code_links (code_id, next_check_at) values (new.id, new.updated_at); end`,
      `create trigger codes_links_after_update after update of link, listed on codes
       when old.link is not new.link or old.listed is not new.listed
       begin
         delete from code_links where code_id = new.id and old.link is not new.link;
         insert or ignore into code_links (code_id, next_check_at)
           select new.id, new.updated_at where ${TRACKED('new')};
         update code_links set next_check_at =
           case when ${TRACKED('new')} then coalesce(next_check_at, new.updated_at) else null end
           where code_id = new.id;
       end`,
      `create trigger code_links_listing_after_state after update of state on code_links
       when (old.state = 'broken') <> (new.state = 'broken')
       begin ${bump('id = (select service from codes where id = new.code_id and listed = 1)')} end`,
    ];
  }
  return [
    `create function refstash_code_links_on_code() returns trigger language plpgsql as $$
     begin
       if tg_op = 'UPDATE' and old.link is distinct from new.link then
         delete from code_links where code_id = new.id;
       end if;
       if ${TRACKED('new')} then
         insert into code_links (code_id, next_check_at) values (new.id, new.updated_at)
           on conflict (code_id) do update
           set next_check_at = coalesce(code_links.next_check_at, excluded.next_check_at);
       elsif tg_op = 'UPDATE' then
         update code_links set next_check_at = null where code_id = new.id and next_check_at is not null;
       end if;
       return null;
     end
     $$`,
    `create function refstash_listing_on_link_state() returns trigger language plpgsql as $$
     begin
       ${bump('id = (select service from codes where id = new.code_id and listed = 1)')}
       return null;
     end
     $$`,
    `create trigger codes_links_after_insert after insert on codes
     for each row execute function refstash_code_links_on_code()`,
    `create trigger codes_links_after_update after update of link, listed on codes
     for each row when (old.link is distinct from new.link or old.listed is distinct from new.listed)
     execute function refstash_code_links_on_code()`,
    `create trigger code_links_listing_after_state after update of state on code_links
     for each row when ((old.state = 'broken') <> (new.state = 'broken'))
     execute function refstash_listing_on_link_state()`,
    // Migration 0083: trigger functions keep their indexed plans.
    ...FUNCTIONS.map((fn) => `alter function ${fn} set enable_seqscan = off`),
  ];
}

export function linkHealth(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('code_links')
        .addColumn('code_id', 'text', (c) =>
          c.primaryKey().references('codes.id').onDelete('cascade'),
        )
        .addColumn('state', 'text', (c) =>
          c.notNull().defaultTo('unknown').check(sql`state in ('unknown', 'ok', 'broken')`),
        )
        .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('streak_started_at', t.timestamp)
        .addColumn('last_checked_at', t.timestamp)
        .addColumn('last_outcome', 'text')
        .addColumn('next_check_at', t.timestamp)
        .execute();
      await sql`create index code_links_due_idx on code_links (next_check_at) where next_check_at is not null`.execute(
        db,
      );
      await sql
        .raw(
          dialect === 'postgres'
            ? 'create index codes_listed_link_idx on codes using hash (link) where listed = 1'
            : 'create index codes_listed_link_idx on codes (link) where listed = 1',
        )
        .execute(db);
      await db.schema
        .alterTable('services')
        .addColumn('home_redirect_broken', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createTable('link_health_runs')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('started_at', t.timestamp, (c) => c.notNull())
        .addColumn('finished_at', t.timestamp)
        .execute();
      const epoch = new Date(0).toISOString();
      await sql`insert into link_health_runs (name, started_at, finished_at) values ('link-health', ${epoch}, ${epoch})`.execute(
        db,
      );
      for (const statement of triggers(dialect)) await sql.raw(statement).execute(db);
      // The codes listed before: due from now, in the order they were last edited.
      await sql
        .raw(
          `insert into code_links (code_id, next_check_at) select id, updated_at from codes where ${TRACKED('codes')}`,
        )
        .execute(db);
    },
    async down(db: Kysely<unknown>) {
      for (const [table, name] of [
        ['codes', 'codes_links_after_insert'],
        ['codes', 'codes_links_after_update'],
        ['code_links', 'code_links_listing_after_state'],
      ] as const) {
        await sql
          .raw(`drop trigger if exists ${name}${dialect === 'postgres' ? ` on ${table}` : ''}`)
          .execute(db);
      }
      if (dialect === 'postgres') {
        for (const fn of FUNCTIONS) await sql.raw(`drop function if exists ${fn}`).execute(db);
      }
      await db.schema.dropTable('link_health_runs').ifExists().execute();
      await db.schema.alterTable('services').dropColumn('home_redirect_broken').execute();
      await sql`drop index if exists codes_listed_link_idx`.execute(db);
      await db.schema.dropTable('code_links').ifExists().execute();
    },
  };
}
