import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../database.ts';
import { columnTypes } from './column-types.ts';

/**
 * Passkeys (issue 27, decision 105). `passkeys` holds each registered credential: its id and
 * COSE public key as base64url text (the same on both dialects), the last sign counter, the
 * transports the browser reported, the owner's name for it and its dates; it goes with the
 * account (the foreign key cascades).
 *
 * `passkey_challenges` holds each challenge handed out, until it is used (deleted when it is) or
 * expires (5 minutes). `binding_hash` is the SHA-256 of what it is bound to: the session that
 * asked to add a passkey, or the pre-sign-in cookie of the browser that asked to sign in.
 */
export function passkeys(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('passkeys')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('credential_id', 'text', (c) => c.notNull().unique())
        .addColumn('public_key', 'text', (c) => c.notNull())
        .addColumn('counter', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('transports', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('last_used_at', t.timestamp)
        .execute();
      await db.schema
        .createIndex('passkeys_user_id_idx')
        .on('passkeys')
        .columns(['user_id', 'created_at'])
        .execute();

      await db.schema
        .createTable('passkey_challenges')
        .addColumn('challenge', 'text', (c) => c.primaryKey())
        .addColumn('purpose', 'text', (c) =>
          c.notNull().check(sql`purpose in ('registration', 'authentication')`),
        )
        .addColumn('binding_hash', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('expires_at', t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('passkey_challenges_binding_idx')
        .on('passkey_challenges')
        .columns(['binding_hash', 'purpose'])
        .execute();
      await db.schema
        .createIndex('passkey_challenges_expires_at_idx')
        .on('passkey_challenges')
        .column('expires_at')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('passkey_challenges').ifExists().execute();
      await db.schema.dropTable('passkeys').ifExists().execute();
    },
  };
}
