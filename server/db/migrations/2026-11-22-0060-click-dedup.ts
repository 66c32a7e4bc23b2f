import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Click de-duplication (decision 024) asks, for every click it records, whether the same visitor
 * already has a counted click of that code in the last 30 minutes: one seek in
 * `(code_id, visitor_hash, clicked_at)`. That index also serves what `(code_id, clicked_at)` was
 * there for (the cascade from a deleted code to its events; nothing reads clicks by time), so it
 * replaces it and a click still maintains one secondary index, not two.
 */
export const clickDedup: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex('clicks_code_id_visitor_hash_clicked_at_idx')
      .on('clicks')
      .columns(['code_id', 'visitor_hash', 'clicked_at'])
      .execute();
    await db.schema.dropIndex('clicks_code_id_clicked_at_idx').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema
      .createIndex('clicks_code_id_clicked_at_idx')
      .on('clicks')
      .columns(['code_id', 'clicked_at'])
      .execute();
    await db.schema.dropIndex('clicks_code_id_visitor_hash_clicked_at_idx').execute();
  },
};
