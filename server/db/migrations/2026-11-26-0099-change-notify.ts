import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../database.ts';

/**
 * Push invalidation (decision 099): on PostgreSQL, every change to what a public answer shows
 * notifies `refstash_changes`, inside the writing transaction (delivered after its commit). A
 * profile's answers come from `users.profile_codes`, its username and `disabled_at` (the codes'
 * triggers, hides and renames all write those); a service page's from its listing revision (bumped
 * by the triggers of migrations 0070 and 0095), name, domain and link hosts. SQLite's triggers
 * cannot reach another process: there the app's own connection adds temporary ones
 * (server/db/change-feed.ts), and this migration does nothing.
 */
const OBJECTS = [
  `create function refstash_notify_profile() returns trigger language plpgsql as $$
   begin
     if tg_op <> 'INSERT' and old.username is not null then
       perform pg_notify('refstash_changes', 'p:' || old.username);
     end if;
     if tg_op = 'UPDATE' and new.username is not null then
       perform pg_notify('refstash_changes', 'p:' || new.username);
     end if;
     return null;
   end
   $$`,
  `create function refstash_notify_listing() returns trigger language plpgsql as $$
   begin
     if tg_op <> 'INSERT' then perform pg_notify('refstash_changes', 'l:' || old.id); end if;
     if tg_op <> 'DELETE' then perform pg_notify('refstash_changes', 'l:' || new.id); end if;
     return null;
   end
   $$`,
  `create trigger users_notify_after_update after update of profile_codes, username, disabled_at on users
   for each row when (old.profile_codes is distinct from new.profile_codes
     or old.username is distinct from new.username or old.disabled_at is distinct from new.disabled_at)
   execute function refstash_notify_profile()`,
  `create trigger users_notify_after_delete after delete on users
   for each row execute function refstash_notify_profile()`,
  `create trigger services_notify_after_update after update of listing_rev, name, domain, link_hosts on services
   for each row when (old.listing_rev is distinct from new.listing_rev or old.name is distinct from new.name
     or old.domain is distinct from new.domain or old.link_hosts is distinct from new.link_hosts)
   execute function refstash_notify_listing()`,
  `create trigger services_notify_after_insert_or_delete after insert or delete on services
   for each row execute function refstash_notify_listing()`,
];

export function changeNotify(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      for (const statement of OBJECTS) await sql.raw(statement).execute(db);
    },
    async down(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      await sql`drop trigger if exists users_notify_after_update on users`.execute(db);
      await sql`drop trigger if exists users_notify_after_delete on users`.execute(db);
      await sql`drop trigger if exists services_notify_after_update on services`.execute(db);
      await sql`drop trigger if exists services_notify_after_insert_or_delete on services`.execute(
        db,
      );
      await sql`drop function if exists refstash_notify_profile()`.execute(db);
      await sql`drop function if exists refstash_notify_listing()`.execute(db);
    },
  };
}
