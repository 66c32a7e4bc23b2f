import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * The link hosts admins allow for a service besides its domain (decision 094):
 * `services.link_hosts`, a JSON array of lowercase hosts, '[]' for none. A column, not a table: a
 * handful of hosts per service, always read with the service (the listing's one lookup, the
 * form's service list). An edit bumps `listing_rev`, so every instance shows it next request.
 */
export const serviceLinkHosts: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('services')
      .addColumn('link_hosts', 'text', (c) => c.notNull().defaultTo('[]'))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('services').dropColumn('link_hosts').execute();
  },
};
