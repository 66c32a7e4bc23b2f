import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * The owner's listing default (issue 15, decision 080): `users.list_new_codes` (0/1, like
 * `codes.listed`) is where the code form's 'List on the service page' switch starts for a new
 * code. 1 for everyone, existing accounts included: that is how the form behaved before
 * (decision 070), so nobody's form changes until they choose. No CHECK constraint: SQLite cannot
 * drop a column a CHECK names, and only the settings route writes it, from a boolean.
 */
export const listingDefault: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('users')
      .addColumn('list_new_codes', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('users').dropColumn('list_new_codes').execute();
  },
};
