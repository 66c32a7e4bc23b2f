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

/** The columns whose change alters what a visitor sees. `clicks` and `updated_at` are not among them. */
const VISIBLE_CODE_COLUMNS = 'user_id, service, product_name, code, reward, link, created_at';

/** One code as visitors see it (shared/code-schemas.ts PublicCodeDto), from `codes c` and `services s`. */
function codeObject(dialect: Dialect): string {
  if (dialect === 'sqlite') {
    return `json_object('id', c.id, 'service', c.service, 'serviceName', coalesce(s.name, c.service), 'productName', c.product_name, 'code', c.code, 'reward', c.reward, 'link', c.link, 'createdAt', c.created_at)`;
  }
  // Same ISO 8601 form as JavaScript's toISOString, which the rest of the API answers.
  return `jsonb_build_object('id', c.id, 'service', c.service, 'serviceName', coalesce(s.name, c.service), 'productName', c.product_name, 'code', c.code, 'reward', c.reward, 'link', c.link, 'createdAt', to_char(c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`;
}

/** The profile's array, newest first, as text; `userId` is an SQL expression. */
export function profileCodesSql(dialect: Dialect, userId: string): string {
  const order = 'order by c.created_at desc, c.id desc';
  const aggregate =
    dialect === 'sqlite'
      ? `json_group_array(${codeObject(dialect)} ${order})`
      : `coalesce(jsonb_agg(${codeObject(dialect)} ${order})::text, '[]')`;
  return `(select ${aggregate} from codes c left join services s on s.id = c.service where c.user_id = ${userId})`;
}

/** Rebuilds every user's array in one statement: the backfill, and the bench's bulk load. */
export function refreshAllProfiles(dialect: Dialect): RawBuilder<unknown> {
  if (dialect === 'sqlite') {
    return sql.raw(`update users set profile_codes = ${profileCodesSql(dialect, 'users.id')}`);
  }
  return sql.raw(`
    update users u set profile_codes = p.codes
    from (
      select c.user_id, jsonb_agg(${codeObject(dialect)} order by c.created_at desc, c.id desc)::text as codes
      from codes c left join services s on s.id = c.service
      group by c.user_id
    ) p
    where p.user_id = u.id`);
}

/** Every trigger of this migration and its table, on both dialects. */
const PROFILE_TRIGGERS = [
  ['codes', 'codes_profile_after_insert'],
  ['codes', 'codes_profile_after_update'],
  ['codes', 'codes_profile_after_delete'],
  ['services', 'services_profile_after_rename'],
] as const;

/** SQLite has no functions in SQL; each trigger repeats the one generated statement. */
function sqliteRefresh(where: string): string {
  return `update users set profile_codes = ${profileCodesSql('sqlite', 'users.id')} where ${where};`;
}

function sqliteTriggers(): string[] {
  return [
    `create trigger codes_profile_after_insert after insert on codes begin ${sqliteRefresh('id = new.user_id')} end`,
    `create trigger codes_profile_after_update after update of ${VISIBLE_CODE_COLUMNS} on codes begin ${sqliteRefresh('id in (old.user_id, new.user_id)')} end`,
    `create trigger codes_profile_after_delete after delete on codes begin ${sqliteRefresh('id = old.user_id')} end`,
    `create trigger services_profile_after_rename after update of name on services begin ${sqliteRefresh('id in (select user_id from codes where service = new.id)')} end`,
  ];
}

/**
 * PostgreSQL: one function rebuilds a user's array. It first locks the user's row, so the rebuild
 * runs under a fresh snapshot taken after any concurrent writer of the same profile committed
 * (READ COMMITTED); two owners' tabs adding codes at once both end up in the array. The lock is
 * FOR NO KEY UPDATE: it waits for other rebuilds but not for the foreign-key checks of `codes`
 * (FOR KEY SHARE), which FOR UPDATE would deadlock with.
 */
function postgresObjects(): string[] {
  return [
    `create function refstash_refresh_profile(uid text) returns void language plpgsql as $$
     begin
       perform 1 from users where id = uid for no key update;
       update users set profile_codes = ${profileCodesSql('postgres', 'uid')} where id = uid;
     end
     $$`,
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
    `create trigger codes_profile_after_update after update of ${VISIBLE_CODE_COLUMNS} on codes
     for each row execute function refstash_profile_on_code()`,
    `create trigger codes_profile_after_delete after delete on codes
     for each row execute function refstash_profile_on_code()`,
    `create trigger services_profile_after_rename after update of name on services
     for each row execute function refstash_profile_on_service()`,
  ];
}

/** The bench's bulk load pauses the triggers and rebuilds every profile once at the end. */
export async function setProfileTriggers<T>(
  db: Kysely<T>,
  dialect: Dialect,
  enabled: boolean,
): Promise<void> {
  if (dialect === 'sqlite') {
    if (enabled) {
      for (const statement of sqliteTriggers()) await sql.raw(statement).execute(db);
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
      const statements = dialect === 'sqlite' ? sqliteTriggers() : postgresObjects();
      for (const statement of statements) await sql.raw(statement).execute(db);
      await refreshAllProfiles(dialect).execute(db);
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
