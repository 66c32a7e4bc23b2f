import type { Kysely } from 'kysely';
import type { DB, ServiceRequestRow, ServiceRequestStatus } from '../../db/schema.ts';

/** The wire shape of a service request (camelCase; raw rows never leave the server). */
export interface ServiceRequestView {
  id: string;
  serviceId: string;
  displayName: string;
  domain: string;
  requestedBy: string;
  requestedAt: string;
  status: ServiceRequestStatus;
  reviewedBy: string | null;
  reviewedAt: string | null;
  notes: string | null;
  updatedAt: string;
}

export function presentServiceRequest(row: ServiceRequestRow): ServiceRequestView {
  return {
    id: row.id,
    serviceId: row.service_id,
    displayName: row.display_name,
    domain: row.domain,
    requestedBy: row.requested_by,
    requestedAt: row.requested_at,
    status: row.status,
    reviewedBy: row.reviewed_by,
    reviewedAt: row.reviewed_at,
    notes: row.notes,
    updatedAt: row.updated_at,
  };
}

export const SERVICE_REQUEST_COLUMNS = [
  'id',
  'service_id',
  'display_name',
  'domain',
  'requested_by',
  'requested_at',
  'status',
  'reviewed_by',
  'reviewed_at',
  'notes',
  'updated_at',
] as const;

/** True when a request for this service id is waiting for review. */
export async function pendingRequestExists(db: Kysely<DB>, serviceId: string): Promise<boolean> {
  const row = await db
    .selectFrom('service_requests')
    .select('id')
    .where('service_id', '=', serviceId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return row !== undefined;
}

/** Stores a new pending request. Throws a unique violation when one is already pending. */
export async function insertServiceRequest(
  db: Kysely<DB>,
  values: {
    id: string;
    serviceId: string;
    displayName: string;
    domain: string;
    requestedBy: string;
    at: string;
  },
): Promise<ServiceRequestRow> {
  return db
    .insertInto('service_requests')
    .values({
      id: values.id,
      service_id: values.serviceId,
      display_name: values.displayName,
      domain: values.domain,
      requested_by: values.requestedBy,
      requested_at: values.at,
      status: 'pending',
      reviewed_by: null,
      reviewed_at: null,
      notes: null,
      updated_at: values.at,
    })
    .returning(SERVICE_REQUEST_COLUMNS)
    .executeTakeFirstOrThrow();
}
