import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

export interface ServiceSummary {
  id: string;
  name: string;
  domain: string;
}

/** Every service, by display name: the list offered in the code form. */
export function listServices(db: Kysely<DB>): Promise<ServiceSummary[]> {
  return db.selectFrom('services').select(['id', 'name', 'domain']).orderBy('name').execute();
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
