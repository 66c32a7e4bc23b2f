import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * The dashboard lists a user's own service requests, newest first (decision 033): by
 * `requested_by`, ordered by `requested_at desc, id desc`, on every dashboard visit. Without an
 * index that read walks every request in the table.
 */
export const serviceRequestsByRequester: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex('service_requests_requested_by_idx')
      .on('service_requests')
      .columns(['requested_by', 'requested_at', 'id'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('service_requests_requested_by_idx').execute();
  },
};
