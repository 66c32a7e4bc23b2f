import type { Kysely } from 'kysely';
import type { ServiceSummary } from '../../../shared/service-schemas.ts';
import type { DB } from '../../db/schema.ts';
import { parseLinkHosts } from '../discovery/listing-eligibility.ts';

/** Every service, by display name: the list offered in the code form. */
export async function listServices(db: Kysely<DB>): Promise<ServiceSummary[]> {
  const rows = await db
    .selectFrom('services')
    .select(['id', 'name', 'domain', 'link_hosts'])
    .orderBy('name')
    .execute();
  return rows.map(({ link_hosts, ...service }) => ({
    ...service,
    linkHosts: parseLinkHosts(link_hosts),
  }));
}

/** True when the id is a service in the catalogue table. */
export async function serviceExists(db: Kysely<DB>, serviceId: string): Promise<boolean> {
  const row = await db
    .selectFrom('services')
    .select('id')
    .where('id', '=', serviceId)
    .executeTakeFirst();
  return row !== undefined;
}

/** One service's name and domain, if the id is in the catalogue. */
export function findService(db: Kysely<DB>, serviceId: string) {
  return db
    .selectFrom('services')
    .select(['id', 'name', 'domain'])
    .where('id', '=', serviceId)
    .executeTakeFirst();
}

/** Adds a service to the catalogue; false (and no change) when the id is already taken. */
export async function insertServiceIfNew(
  db: Kysely<DB>,
  service: { id: string; name: string; domain: string; createdAt: string; createdBy: string },
): Promise<boolean> {
  const result = await db
    .insertInto('services')
    .values({
      id: service.id,
      name: service.name,
      domain: service.domain,
      created_at: service.createdAt,
      created_by: service.createdBy,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}
