import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Votes count once per network (decision 093): `votes.visitor_hash` becomes `network_hash`, the
 * keyed hash of the voter's /24 or /64 (`server/http/client-network.ts`), so the unique key
 * (code_id, network_hash, day) allows one counted answer per code, network and UTC day whatever
 * the User-Agent. Rows written before hold a visitor hash: they stay counted, each as a network
 * of its own. Both dialects rename the column inside the unique constraint and its index.
 */
export const votesByNetwork: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('votes').renameColumn('visitor_hash', 'network_hash').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('votes').renameColumn('network_hash', 'visitor_hash').execute();
  },
};
