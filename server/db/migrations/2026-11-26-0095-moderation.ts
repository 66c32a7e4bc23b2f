import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../database.ts';
import { switchProfileModel } from './2026-11-23-0070-discovery.ts';
import { columnTypes } from './column-types.ts';

/**
 * Trust and safety (decision 095).
 *
 * - `codes.hidden_at` / `codes.hidden_action_id`: set while an admin keeps the code hidden. The
 *   profile read model (version 3) leaves hidden codes out, so every page, share image and the
 *   sitemap keyed by it changes with it. `users.disabled_at` (0001) is the account's switch.
 * - `moderation_cases`: one row per reported target while its reports wait (one open case per
 *   `target_key`); `snapshot` is the code as it was when first reported (JSON).
 * - `moderation_reports`: one per reporter network (an HMAC of its /24 or /64), target and UTC day.
 * - `moderation_actions`: the audit log. No foreign keys: it is never deleted with its target,
 *   whose label it keeps as text.
 * - `moderation_appeals`: at most one per action.
 * - `moderation_notices`: when the admins were last told of new items (one row), so instances
 *   agree on "at most one e-mail an hour".
 * - Listing triggers: hiding a listed code, or disabling its owner, bumps the service page's
 *   revision (0070), so no cached page keeps it. Only a real change counts: the user write lock
 *   (row-locks.ts) rewrites `disabled_at` unchanged on SQLite.
 */

const bump = (where: string) => `update services set listing_rev = listing_rev + 1 where ${where};`;

const MODERATION_TRIGGERS = [
  ['codes', 'codes_listing_after_hide'],
  ['users', 'users_listing_after_disable'],
] as const;

const MODERATION_FUNCTIONS = ['refstash_listing_on_hide()', 'refstash_listing_on_disable()'];

function listingTriggers(dialect: Dialect): string[] {
  if (dialect === 'sqlite') {
    return [
      `create trigger codes_listing_after_hide after update of hidden_at on codes when new.listed = 1 and old.hidden_at is not new.hidden_at begin ${bump('id = new.service')} end`,
      `create trigger users_listing_after_disable after update of disabled_at on users when old.disabled_at is not new.disabled_at begin ${bump('id in (select service from codes where user_id = new.id and listed = 1)')} end`,
    ];
  }
  return [
    `create function refstash_listing_on_hide() returns trigger language plpgsql as $$
     begin
       if new.listed = 1 then
         ${bump('id = new.service')}
       end if;
       return null;
     end
     $$`,
    `create function refstash_listing_on_disable() returns trigger language plpgsql as $$
     begin
       ${bump('id in (select distinct service from codes where user_id = new.id and listed = 1)')}
       return null;
     end
     $$`,
    `create trigger codes_listing_after_hide after update of hidden_at on codes
     for each row when (old.hidden_at is distinct from new.hidden_at) execute function refstash_listing_on_hide()`,
    `create trigger users_listing_after_disable after update of disabled_at on users
     for each row when (old.disabled_at is distinct from new.disabled_at) execute function refstash_listing_on_disable()`,
    // Migration 0083: trigger functions keep their indexed plans.
    ...MODERATION_FUNCTIONS.map((fn) => `alter function ${fn} set enable_seqscan = off`),
  ];
}

/** `create or replace` of the profile function drops its settings (migration 0083). */
async function keepProfilePlans(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`alter function refstash_refresh_profile(text) set enable_seqscan = off`.execute(db);
}

export function moderation(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('codes').addColumn('hidden_at', t.timestamp).execute();
      await db.schema.alterTable('codes').addColumn('hidden_action_id', 'text').execute();

      await db.schema
        .createTable('moderation_cases')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('target_key', 'text', (c) => c.notNull())
        .addColumn('target_type', 'text', (c) =>
          c.notNull().check(sql`target_type in ('code', 'profile')`),
        )
        .addColumn('code_id', 'text', (c) => c.references('codes.id').onDelete('cascade'))
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('snapshot', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('open', 'closed')`))
        .addColumn('first_reported_at', t.timestamp)
        .addColumn('last_reported_at', t.timestamp)
        .addColumn('activity_at', t.timestamp, (c) => c.notNull())
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('closed_at', t.timestamp)
        .execute();
      await sql`create unique index moderation_cases_open_target_idx on moderation_cases (target_key) where status = 'open'`.execute(
        db,
      );
      await db.schema
        .createIndex('moderation_cases_activity_idx')
        .on('moderation_cases')
        .columns(['activity_at', 'id'])
        .execute();
      await db.schema
        .createIndex('moderation_cases_code_idx')
        .on('moderation_cases')
        .column('code_id')
        .execute();
      await db.schema
        .createIndex('moderation_cases_user_idx')
        .on('moderation_cases')
        .column('user_id')
        .execute();

      await t
        .addAutoId(db.schema.createTable('moderation_reports'), 'id')
        .addColumn('case_id', 'text', (c) =>
          c.notNull().references('moderation_cases.id').onDelete('cascade'),
        )
        .addColumn('target_key', 'text', (c) => c.notNull())
        .addColumn('network_hash', 'text', (c) => c.notNull())
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('note', 'text')
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addUniqueConstraint('moderation_reports_network_day_key', [
          'target_key',
          'network_hash',
          'day',
        ])
        .execute();
      await db.schema
        .createIndex('moderation_reports_case_idx')
        .on('moderation_reports')
        .column('case_id')
        .execute();
      await db.schema
        .createIndex('moderation_reports_created_idx')
        .on('moderation_reports')
        .column('created_at')
        .execute();

      await db.schema
        .createTable('moderation_actions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('actor_user_id', 'text')
        .addColumn('actor_username', 'text')
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('target_type', 'text', (c) => c.notNull())
        .addColumn('target_label', 'text', (c) => c.notNull())
        .addColumn('code_id', 'text')
        .addColumn('target_user_id', 'text')
        .addColumn('target_username', 'text')
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('case_id', 'text')
        .execute();
      await db.schema
        .createIndex('moderation_actions_created_idx')
        .on('moderation_actions')
        .columns(['created_at', 'id'])
        .execute();

      await db.schema
        .createTable('moderation_appeals')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('action_id', 'text', (c) =>
          c.notNull().unique().references('moderation_actions.id'),
        )
        .addColumn('case_id', 'text', (c) =>
          c.references('moderation_cases.id').onDelete('set null'),
        )
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('note', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) =>
          c.notNull().check(sql`status in ('open', 'restored', 'kept')`),
        )
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('decided_at', t.timestamp)
        .addColumn('answer', 'text')
        .execute();
      await db.schema
        .createIndex('moderation_appeals_case_idx')
        .on('moderation_appeals')
        .column('case_id')
        .execute();
      await db.schema
        .createIndex('moderation_appeals_created_idx')
        .on('moderation_appeals')
        .column('created_at')
        .execute();

      await db.schema
        .createTable('moderation_notices')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('sent_at', t.timestamp, (c) => c.notNull())
        .execute();
      await sql`insert into moderation_notices (name, sent_at) values ('admins', ${new Date(0).toISOString()})`.execute(
        db,
      );

      for (const statement of listingTriggers(dialect)) await sql.raw(statement).execute(db);
      await switchProfileModel(db, dialect, 3);
      await keepProfilePlans(db, dialect);
    },
    async down(db: Kysely<unknown>) {
      for (const [table, name] of MODERATION_TRIGGERS) {
        await sql
          .raw(`drop trigger if exists ${name}${dialect === 'postgres' ? ` on ${table}` : ''}`)
          .execute(db);
      }
      if (dialect === 'postgres') {
        for (const fn of MODERATION_FUNCTIONS)
          await sql.raw(`drop function if exists ${fn}`).execute(db);
      }
      // The profile triggers name `hidden_at`: back to version 2 before it goes.
      await switchProfileModel(db, dialect, 2);
      await keepProfilePlans(db, dialect);
      for (const table of [
        'moderation_notices',
        'moderation_appeals',
        'moderation_actions',
        'moderation_reports',
        'moderation_cases',
      ]) {
        await db.schema.dropTable(table).ifExists().execute();
      }
      await db.schema.alterTable('codes').dropColumn('hidden_action_id').execute();
      await db.schema.alterTable('codes').dropColumn('hidden_at').execute();
    },
  };
}
