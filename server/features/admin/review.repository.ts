import type { Kysely, Updateable } from 'kysely';
import type { DB, ServiceRequestRow, ServiceRequestsTable } from '../../db/schema.ts';
import { SERVICE_REQUEST_COLUMNS } from '../services/service-requests.repository.ts';

/** Every service request, newest first (spec §4). */
export function listServiceRequests(db: Kysely<DB>): Promise<ServiceRequestRow[]> {
  return db
    .selectFrom('service_requests')
    .select(SERVICE_REQUEST_COLUMNS)
    .orderBy('requested_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Updates one request and returns it, or undefined when the id is unknown. */
export function updateServiceRequest(
  db: Kysely<DB>,
  id: string,
  changes: Updateable<ServiceRequestsTable>,
): Promise<ServiceRequestRow | undefined> {
  return db
    .updateTable('service_requests')
    .set(changes)
    .where('id', '=', id)
    .returning(SERVICE_REQUEST_COLUMNS)
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
