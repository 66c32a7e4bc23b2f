import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { parseLinkHosts } from '../discovery/listing-eligibility.ts';

/** A service's allowed link hosts; undefined for an unknown service. */
export async function readLinkHosts(db: Kysely<DB>, serviceId: string) {
  const row = await db
    .selectFrom('services')
    .select('link_hosts')
    .where('id', '=', serviceId)
    .executeTakeFirst();
  return row && parseLinkHosts(row.link_hosts);
}

/**
 * Replaces a service's allowed link hosts; false for an unknown service. Bumps the listing
 * revision (decision 070), so the service page and the directory of every instance show the
 * change on their next request.
 */
export async function writeLinkHosts(
  db: Kysely<DB>,
  serviceId: string,
  hosts: readonly string[],
): Promise<boolean> {
  const result = await db
    .updateTable('services')
    .set({ link_hosts: JSON.stringify(hosts), listing_rev: sql`listing_rev + 1` })
    .where('id', '=', serviceId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
