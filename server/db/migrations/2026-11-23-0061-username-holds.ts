import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../database.ts';
import { columnTypes } from './column-types.ts';

/**
 * Username holds (decision 012). A name its owner left (a rename now, an account deletion later)
 * stays theirs until `held_until`: nobody else may take it, and its old links answer 301 to the
 * owner's current name. `user_id` is deliberately not a foreign key: the hold must outlive a
 * deleted account. `users.username_changed_at` is when the user last renamed (null until the
 * first rename; choosing the first name is not one), for the one-rename-per-30-days limit.
 */
export function usernameHolds(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('username_holds')
        .addColumn('username', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('held_until', t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('username_holds_held_until_idx')
        .on('username_holds')
        .column('held_until')
        .execute();
      await db.schema.alterTable('users').addColumn('username_changed_at', t.timestamp).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('users').dropColumn('username_changed_at').execute();
      await db.schema.dropTable('username_holds').ifExists().execute();
    },
  };
}
