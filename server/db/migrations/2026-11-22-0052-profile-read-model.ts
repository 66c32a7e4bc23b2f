import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../database.ts';

/**
 * The public profile as a read model (decision 003). `users.profile_codes` holds the JSON array a
 * visitor's `GET /api/profiles/:username` answers, and the database keeps it current: triggers
 * rebuild a user's array whenever one of their codes is added, edited or deleted, or a service
 * they use is renamed. A profile read is then one lookup by the unique username index, whatever
 * the number of codes, and every instance reads the same committed value (no cache to go stale).
 *
 * The array holds only what visitors see. `clicks` is the owner's statistic (dashboard) and is not
 * part of it, so a copy (the click counter trigger of 0051 updates `codes.clicks` only) never
 * rebuilds a profile.
 */

/**
 * Which fields the array holds. 0052 built version 1; migration 0070 (decision 070) adds the
 * offer details `expiresAt` and `countries` (version 2); migration 0095 (decision 095) leaves out
 * codes an admin hid (version 3). The exported builders default to the latest, which is what the
 * database runs after every migration.
 */
export type ProfileModelVersion = 1 | 2 | 3;
export const LATEST_PROFILE_MODEL: ProfileModelVersion = 3;

/** The columns whose change alters what a visitor sees. `clicks` and `updated_at` are not among them. */
function visibleCodeColumns(version: ProfileModelVersion): string {
  const base = 'user_id, service, product_name, code, reward, link, created_at';
  if (version === 1) return base;
  return version === 2
    ? `${base}, expires_on, countries`
    : `${base}, expires_on, countries, hidden_at`;
}

/** One code as visitors see it (shared/code-schemas.ts PublicCodeDto), from `codes c` and `services s`. */
function codeObject(dialect: Dialect, version: ProfileModelVersion): string {
  if (dialect === 'sqlite') {
    const offer =
      version === 1 ? '' : `, 'expiresAt', c.expires_on, 'countries', json(c.countries)`;
    return `json_object('id', c.id, 'service', c.service, 'serviceName', coalesce(s.name, c.service), 'productName', c.product_name, 'code', c.code, 'reward', c.reward, 'link', c.link, 'createdAt', c.created_at${offer})`;
  }
  const offer = version === 1 ? '' : `, 'expiresAt', c.expires_on, 'countries', c.countries::jsonb`;
  // Same ISO 8601 form as JavaScript's toISOString, which the rest of the API answers.
  return `jsonb_build_object('id', c.id, 'service', c.service, 'serviceName', coalesce(s.name, c.service), 'productName', c.product_name, 'code', c.code, 'reward', c.reward, 'link', c.link, 'createdAt', to_char(c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')${offer})`;
}

/** From version 3, a hidden code is not on the profile (decision 095). */
function shownOnly(version: ProfileModelVersion): string {
  return version >= 3 ? ' and c.hidden_at is null' : '';
}

/** The profile's array, newest first, as text; `userId` is an SQL expression. */
export function profileCodesSql(
  dialect: Dialect,
  userId: string,
  version: ProfileModelVersion = LATEST_PROFILE_MODEL,
): string {
  const order = 'order by c.created_at desc, c.id desc';
  const aggregate =
    dialect === 'sqlite'
      ? `json_group_array(${codeObject(dialect, version)} ${order})`
      : `coalesce(jsonb_agg(${codeObject(dialect, version)} ${order})::text, '[]')`;
  return `(select ${aggregate} from codes c left join services s on s.id = c.service where c.user_id = ${userId}${shownOnly(version)})`;
}

/** Rebuilds every user's array in one statement: the backfill, and the bench's bulk load. */
export function refreshAllProfiles(
  dialect: Dialect,
  version: ProfileModelVersion = LATEST_PROFILE_MODEL,
): RawBuilder<unknown> {
  if (dialect === 'sqlite') {
    return sql.raw(
      `update users set profile_codes = ${profileCodesSql(dialect, 'users.id', version)}`,
    );
  }
  return sql.raw(`
    update users u set profile_codes = p.codes
    from (
      select c.user_id, coalesce(jsonb_agg(${codeObject(dialect, version)} order by c.created_at desc, c.id desc)${version >= 3 ? ' filter (where c.hidden_at is null)' : ''}::text, '[]') as codes
      from codes c left join services s on s.id = c.service
      group by c.user_id
    ) p
    where p.user_id = u.id`);
}

/** Every trigger of this migration and its table, on both dialects. */
export const PROFILE_TRIGGERS = [
  ['codes', 'codes_profile_after_insert'],
  ['codes', 'codes_profile_after_update'],
  ['codes', 'codes_profile_after_delete'],
  ['services', 'services_profile_after_rename'],
] as const;

/** SQLite has no functions in SQL; each trigger repeats the one generated statement. */
function sqliteRefresh(where: string, version: ProfileModelVersion): string {
  return `update users set profile_codes = ${profileCodesSql('sqlite', 'users.id', version)} where ${where};`;
}

function sqliteTriggers(version: ProfileModelVersion): string[] {
  return [
    `create trigger codes_profile_after_insert after insert on codes begin ${sqliteRefresh('id = new.user_id', version)} end`,
    `create trigger codes_profile_after_update after update of ${visibleCodeColumns(version)} on codes begin ${sqliteRefresh('id in (old.user_id, new.user_id)', version)} end`,
    `create trigger codes_profile_after_delete after delete on codes begin ${sqliteRefresh('id = old.user_id', version)} end`,
    `create trigger services_profile_after_rename after update of name on services begin ${sqliteRefresh('id in (select user_id from codes where service = new.id)', version)} end`,
  ];
}

/**
 * PostgreSQL: one function rebuilds a user's array. It first locks the user's row, so the rebuild
 * runs under a fresh snapshot taken after any concurrent writer of the same profile committed
 * (READ COMMITTED); two owners' tabs adding codes at once both end up in the array. The lock is
 * FOR NO KEY UPDATE: it waits for other rebuilds but not for the foreign-key checks of `codes`
 * (FOR KEY SHARE), which FOR UPDATE would deadlock with.
 */
export function postgresRefreshFunction(version: ProfileModelVersion): string {
  return `create or replace function refstash_refresh_profile(uid text) returns void language plpgsql as $$
     begin
       perform 1 from users where id = uid for no key update;
       update users set profile_codes = ${profileCodesSql('postgres', 'uid', version)} where id = uid;
     end
     $$`;
}

/** The update trigger names the visible columns, so a new visible column means a new trigger. */
export function postgresUpdateTrigger(version: ProfileModelVersion): string {
  return `create trigger codes_profile_after_update after update of ${visibleCodeColumns(version)} on codes
     for each row execute function refstash_profile_on_code()`;
}

function postgresObjects(version: ProfileModelVersion): string[] {
  return [
    postgresRefreshFunction(version),
    `create function refstash_profile_on_code() returns trigger language plpgsql as $$
     begin
       if tg_op <> 'DELETE' then
         perform refstash_refresh_profile(new.user_id);
       end if;
       if tg_op = 'DELETE' or (tg_op = 'UPDATE' and old.user_id is distinct from new.user_id) then
         perform refstash_refresh_profile(old.user_id);
       end if;
       return null;
     end
     $$`,
    `create function refstash_profile_on_service() returns trigger language plpgsql as $$
     declare
       uid text;
     begin
       for uid in select distinct user_id from codes where service = new.id order by user_id loop
         perform refstash_refresh_profile(uid);
       end loop;
       return null;
     end
     $$`,
    `create trigger codes_profile_after_insert after insert on codes
     for each row execute function refstash_profile_on_code()`,
    postgresUpdateTrigger(version),
    `create trigger codes_profile_after_delete after delete on codes
     for each row execute function refstash_profile_on_code()`,
    `create trigger services_profile_after_rename after update of name on services
     for each row execute function refstash_profile_on_service()`,
  ];
}

/** SQLite: the profile triggers of `version`, replacing whatever is there (migration 0070). */
export function sqliteProfileTriggers(version: ProfileModelVersion): string[] {
  return sqliteTriggers(version);
}

/** The bench's bulk load pauses the triggers and rebuilds every profile once at the end. */
export async function setProfileTriggers<T>(
  db: Kysely<T>,
  dialect: Dialect,
  enabled: boolean,
  version: ProfileModelVersion = LATEST_PROFILE_MODEL,
): Promise<void> {
  if (dialect === 'sqlite') {
    if (enabled) {
      for (const statement of sqliteTriggers(version)) await sql.raw(statement).execute(db);
    } else {
      for (const [, name] of PROFILE_TRIGGERS) await sql.raw(`drop trigger ${name}`).execute(db);
    }
    return;
  }
  const action = enabled ? 'enable' : 'disable';
  for (const [table, name] of PROFILE_TRIGGERS) {
    await sql.raw(`alter table ${table} ${action} trigger ${name}`).execute(db);
  }
}

export function profileReadModel(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('users')
        .addColumn('profile_codes', 'text', (c) => c.notNull().defaultTo('[]'))
        .execute();
      const statements = dialect === 'sqlite' ? sqliteTriggers(1) : postgresObjects(1);
      for (const statement of statements) await sql.raw(statement).execute(db);
      await refreshAllProfiles(dialect, 1).execute(db);
    },
    async down(db: Kysely<unknown>) {
      for (const [table, name] of PROFILE_TRIGGERS) {
        await sql
          .raw(`drop trigger if exists ${name}${dialect === 'postgres' ? ` on ${table}` : ''}`)
          .execute(db);
      }
      if (dialect === 'postgres') {
        for (const fn of [
          'refstash_profile_on_service()',
          'refstash_profile_on_code()',
          'refstash_refresh_profile(text)',
        ]) {
          await sql.raw(`drop function if exists ${fn}`).execute(db);
        }
      }
      await db.schema.alterTable('users').dropColumn('profile_codes').execute();
    },
  };
}
