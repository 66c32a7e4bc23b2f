import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../database.ts';
import { columnTypes } from './column-types.ts';

/** Every entity of spec §3, plus sign-in tokens, sessions and the logo cache. */
export function initialMigration(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('users')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('username', 'text', (c) => c.unique().check(sql`username = lower(username)`))
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('last_login_at', t.timestamp)
        .addColumn('disabled_at', t.timestamp)
        .execute();

      await db.schema
        .createTable('sessions')
        .addColumn('id_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('expires_at', t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('sessions_user_id_idx')
        .on('sessions')
        .column('user_id')
        .execute();

      await db.schema
        .createTable('sign_in_tokens')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('expires_at', t.timestamp, (c) => c.notNull())
        .addColumn('failed_attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createIndex('sign_in_tokens_expires_at_idx')
        .on('sign_in_tokens')
        .column('expires_at')
        .execute();

      await db.schema
        .createTable('admins')
        .addColumn('user_id', 'text', (c) =>
          c.primaryKey().references('users.id').onDelete('cascade'),
        )
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('username', 'text')
        .addColumn('added_by', 'text')
        .addColumn('added_at', t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('admins_added_at_idx').on('admins').column('added_at').execute();

      await db.schema
        .createTable('services')
        .addColumn('id', 'text', (c) => c.primaryKey().check(sql`id = lower(id)`))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('domain', 'text', (c) => c.notNull().check(sql`domain = lower(domain)`))
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('created_by', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('service_requests')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('service_id', 'text', (c) =>
          c.notNull().check(sql`service_id = lower(service_id)`),
        )
        .addColumn('display_name', 'text', (c) => c.notNull())
        .addColumn('domain', 'text', (c) => c.notNull().check(sql`domain = lower(domain)`))
        .addColumn('requested_by', 'text', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('requested_at', t.timestamp, (c) => c.notNull())
        .addColumn('status', 'text', (c) =>
          c
            .notNull()
            .defaultTo('pending')
            .check(sql`status in ('pending', 'approved', 'rejected')`),
        )
        .addColumn('reviewed_by', 'text')
        .addColumn('reviewed_at', t.timestamp)
        .addColumn('notes', 'text')
        .addColumn('updated_at', t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('service_requests_service_id_idx')
        .on('service_requests')
        .column('service_id')
        .execute();
      await db.schema
        .createIndex('service_requests_status_requested_at_idx')
        .on('service_requests')
        .columns(['status', 'requested_at'])
        .execute();
      await db.schema
        .createIndex('service_requests_requested_at_idx')
        .on('service_requests')
        .column('requested_at')
        .execute();
      // Two concurrent submissions for one service: the database lets exactly one stay pending.
      await db.schema
        .createIndex('service_requests_one_pending_idx')
        .on('service_requests')
        .column('service_id')
        .unique()
        .where(sql.ref('status'), '=', 'pending')
        .execute();

      await db.schema
        .createTable('codes')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('service', 'text', (c) => c.notNull().references('services.id'))
        .addColumn('product_name', 'text')
        .addColumn('code', 'text', (c) => c.notNull())
        .addColumn('reward', 'text', (c) => c.notNull())
        .addColumn('link', 'text')
        .addColumn('clicks', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('updated_at', t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('codes_user_id_created_at_idx')
        .on('codes')
        .columns(['user_id', 'created_at'])
        .execute();

      await t
        .addAutoId(db.schema.createTable('clicks'), 'id')
        .addColumn('code_id', 'text', (c) => c.notNull().references('codes.id').onDelete('cascade'))
        .addColumn('clicked_at', t.timestamp, (c) => c.notNull())
        .addColumn('visitor_hash', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('clicks_code_id_clicked_at_idx')
        .on('clicks')
        .columns(['code_id', 'clicked_at'])
        .execute();

      await db.schema
        .createTable('logos')
        .addColumn('cache_key', 'text', (c) => c.primaryKey())
        .addColumn('service_id', 'text', (c) => c.notNull())
        .addColumn('logo_data', 'text')
        .addColumn('logo_type', 'text')
        .addColumn('logo_url', 'text')
        .addColumn('error', 'text')
        .addColumn('fetched_at', t.timestamp, (c) => c.notNull())
        .addColumn('expires_at', t.timestamp)
        .execute();
    },

    async down(db: Kysely<unknown>) {
      for (const table of [
        'logos',
        'clicks',
        'codes',
        'service_requests',
        'services',
        'admins',
        'sign_in_tokens',
        'sessions',
        'users',
      ]) {
        await db.schema.dropTable(table).ifExists().execute();
      }
    },
  };
}
