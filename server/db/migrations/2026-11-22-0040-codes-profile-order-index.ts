import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * The profile lists a user's codes by (created_at desc, id desc). With id in the index the
 * database reads them in order instead of sorting every time (a third faster on SQLite; see
 * docs/PERFORMANCE.md). It supersedes the (user_id, created_at) index, its prefix.
 */
export const codesProfileOrderIndexMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex('codes_user_id_created_at_id_idx')
      .on('codes')
      .columns(['user_id', 'created_at', 'id'])
      .execute();
    await db.schema.dropIndex('codes_user_id_created_at_idx').ifExists().execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema
      .createIndex('codes_user_id_created_at_idx')
      .on('codes')
      .columns(['user_id', 'created_at'])
      .execute();
    await db.schema.dropIndex('codes_user_id_created_at_id_idx').ifExists().execute();
  },
};
