import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../database.ts';
import {
  PROFILE_TRIGGERS,
  type ProfileModelVersion,
  postgresRefreshFunction,
  postgresUpdateTrigger,
  refreshAllProfiles,
  sqliteProfileTriggers,
} from './2026-11-22-0052-profile-read-model.ts';
import { columnTypes } from './column-types.ts';

/**
 * Service pages, offer details and "Did it work?" (decision 070).
 *
 * - `codes.listed` (0/1 on both dialects): whether the code shows on its service's page. Every
 *   code that exists now is NOT listed (default 0); the form sends `listed: true` for new codes.
 * - `codes.expires_on` ('YYYY-MM-DD', the last day the offer works) and `codes.countries` (a JSON
 *   array of ISO 3166 alpha-2 codes, or null for everywhere). Both are public: the profile's read
 *   model (decision 003) now carries them (`expiresAt`, `countries`).
 * - `votes`: one answer per visitor hash, code and UTC day (unique), worked 0/1 and a reason.
 * - `services.listing_rev`: bumped by triggers whenever what a service page shows may change (a
 *   listed code written, a vote, an owner's rename), so the page's per-instance cache is keyed by
 *   content, as the rendered pages are (decision 060), and is never stale.
 */

/** A code change that may alter a service page: what the card shows, listing, expiry, recency. */
const LISTING_CODE_COLUMNS =
  'listed, service, user_id, product_name, code, reward, link, expires_on, countries, updated_at';

const bump = (where: string) => `update services set listing_rev = listing_rev + 1 where ${where};`;

const LISTING_TRIGGERS = [
  ['codes', 'codes_listing_after_insert'],
  ['codes', 'codes_listing_after_update'],
  ['codes', 'codes_listing_after_delete'],
  ['votes', 'votes_listing_after_insert'],
  ['users', 'users_listing_after_rename'],
] as const;

function sqliteListingTriggers(): string[] {
  return [
    `create trigger codes_listing_after_insert after insert on codes when new.listed = 1 begin ${bump('id = new.service')} end`,
    `create trigger codes_listing_after_update after update of ${LISTING_CODE_COLUMNS} on codes when old.listed = 1 or new.listed = 1 begin ${bump('id in (old.service, new.service)')} end`,
    `create trigger codes_listing_after_delete after delete on codes when old.listed = 1 begin ${bump('id = old.service')} end`,
    `create trigger votes_listing_after_insert after insert on votes begin ${bump('id = (select service from codes where id = new.code_id)')} end`,
    `create trigger users_listing_after_rename after update of username on users begin ${bump('id in (select service from codes where user_id = new.id and listed = 1)')} end`,
  ];
}

function postgresListingObjects(): string[] {
  return [
    `create function refstash_listing_on_code() returns trigger language plpgsql as $$
     begin
       if tg_op <> 'DELETE' and new.listed = 1 then
         ${bump('id = new.service')}
       end if;
       if tg_op <> 'INSERT' and old.listed = 1 and (tg_op = 'DELETE' or new.listed <> 1 or old.service is distinct from new.service) then
         ${bump('id = old.service')}
       end if;
       return null;
     end
     $$`,
    `create function refstash_listing_on_vote() returns trigger language plpgsql as $$
     begin
       ${bump('id = (select service from codes where id = new.code_id)')}
       return null;
     end
     $$`,
    `create function refstash_listing_on_rename() returns trigger language plpgsql as $$
     begin
       ${bump('id in (select distinct service from codes where user_id = new.id and listed = 1)')}
       return null;
     end
     $$`,
    `create trigger codes_listing_after_insert after insert on codes
     for each row execute function refstash_listing_on_code()`,
    `create trigger codes_listing_after_update after update of ${LISTING_CODE_COLUMNS} on codes
     for each row execute function refstash_listing_on_code()`,
    `create trigger codes_listing_after_delete after delete on codes
     for each row execute function refstash_listing_on_code()`,
    `create trigger votes_listing_after_insert after insert on votes
     for each row execute function refstash_listing_on_vote()`,
    `create trigger users_listing_after_rename after update of username on users
     for each row execute function refstash_listing_on_rename()`,
  ];
}

/** Replaces the profile triggers with those of `version` (the visible columns changed). */
export async function switchProfileModel(
  db: Kysely<unknown>,
  dialect: Dialect,
  version: ProfileModelVersion,
) {
  if (dialect === 'sqlite') {
    for (const [, name] of PROFILE_TRIGGERS) await sql.raw(`drop trigger ${name}`).execute(db);
    for (const statement of sqliteProfileTriggers(version)) await sql.raw(statement).execute(db);
  } else {
    await sql.raw(postgresRefreshFunction(version)).execute(db);
    await sql.raw('drop trigger codes_profile_after_update on codes').execute(db);
    await sql.raw(postgresUpdateTrigger(version)).execute(db);
  }
  await refreshAllProfiles(dialect, version).execute(db);
}

export function discovery(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('codes')
        .addColumn('listed', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('codes').addColumn('expires_on', 'text').execute();
      await db.schema.alterTable('codes').addColumn('countries', 'text').execute();
      await db.schema
        .alterTable('services')
        .addColumn('listing_rev', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      // A service page reads only listed codes of one service: its cost follows that service.
      await sql
        .raw(
          'create index codes_listed_service_idx on codes (service, user_id, updated_at) where listed = 1',
        )
        .execute(db);
      await t
        .addAutoId(db.schema.createTable('votes'), 'id')
        .addColumn('code_id', 'text', (c) => c.notNull().references('codes.id').onDelete('cascade'))
        .addColumn('visitor_hash', 'text', (c) => c.notNull())
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('worked', 'integer', (c) => c.notNull())
        .addColumn('reason', 'text')
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addUniqueConstraint('votes_code_visitor_day_key', ['code_id', 'visitor_hash', 'day'])
        .execute();
      await db.schema
        .createIndex('votes_code_id_day_idx')
        .on('votes')
        .columns(['code_id', 'day', 'worked'])
        .execute();
      const statements = dialect === 'sqlite' ? sqliteListingTriggers() : postgresListingObjects();
      for (const statement of statements) await sql.raw(statement).execute(db);
      await switchProfileModel(db, dialect, 2);
    },
    async down(db: Kysely<unknown>) {
      for (const [table, name] of LISTING_TRIGGERS) {
        await sql
          .raw(`drop trigger if exists ${name}${dialect === 'postgres' ? ` on ${table}` : ''}`)
          .execute(db);
      }
      if (dialect === 'postgres') {
        for (const fn of [
          'refstash_listing_on_code()',
          'refstash_listing_on_vote()',
          'refstash_listing_on_rename()',
        ]) {
          await sql.raw(`drop function if exists ${fn}`).execute(db);
        }
      }
      // The profile triggers name the new columns: back to version 1 before they go.
      await switchProfileModel(db, dialect, 1);
      await db.schema.dropTable('votes').ifExists().execute();
      await sql.raw('drop index if exists codes_listed_service_idx').execute(db);
      await db.schema.alterTable('services').dropColumn('listing_rev').execute();
      await db.schema.alterTable('codes').dropColumn('countries').execute();
      await db.schema.alterTable('codes').dropColumn('expires_on').execute();
      await db.schema.alterTable('codes').dropColumn('listed').execute();
    },
  };
}
