import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../database.ts';
import { columnTypes } from './column-types.ts';

/**
 * Sessions you can see and personal API tokens (decision 107).
 * - `sessions.device`: the browser and system in words, parsed from the User-Agent at sign-in
 *   (the header itself is not kept); `sessions.last_seen_at`, written at most once an hour. Rows
 *   from before have neither: they list as 'Unknown device', last seen when created.
 * - `api_tokens`: a token's SHA-256 (hex) only, never the token; scopes as a space-separated
 *   list; `expires_at` null for a token that lives until revoked. Revoking deletes the row, and
 *   the user's rows go with the account (the foreign key cascades).
 */
export function sessionsAndApiTokens(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('sessions').addColumn('device', 'text').execute();
      await db.schema.alterTable('sessions').addColumn('last_seen_at', t.timestamp).execute();
      await db.schema
        .createTable('api_tokens')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('scopes', 'text', (c) => c.notNull())
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('expires_at', t.timestamp)
        .addColumn('last_used_at', t.timestamp)
        .execute();
      await db.schema
        .createIndex('api_tokens_user_id_idx')
        .on('api_tokens')
        .column('user_id')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('api_tokens').execute();
      await db.schema.alterTable('sessions').dropColumn('last_seen_at').execute();
      await db.schema.alterTable('sessions').dropColumn('device').execute();
    },
  };
}
