import type { Kysely, Updateable } from 'kysely';
import type { DB, ServiceRequestRow, ServiceRequestsTable } from '../../db/schema.ts';

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

/** A request with its requester's username, as the admin queue shows it. */
export type ServiceRequestViewRow = ServiceRequestRow & { requested_by_username: string | null };

/** The requests joined to their requester (left join: a request never hides for lack of one). */
function requestViews(db: Kysely<DB>) {
  return db
    .selectFrom('service_requests')
    .leftJoin('users', 'users.id', 'service_requests.requested_by')
    .select(SERVICE_REQUEST_COLUMNS.map((column) => `service_requests.${column}` as const))
    .select('users.username as requested_by_username');
}

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

/** Every service request with its requester's username, newest first (spec §4). */
export function listServiceRequests(db: Kysely<DB>): Promise<ServiceRequestViewRow[]> {
  return requestViews(db)
    .orderBy('service_requests.requested_at', 'desc')
    .orderBy('service_requests.id', 'desc')
    .execute();
}

/** One request with its requester's username, or undefined. */
export function findServiceRequestView(
  db: Kysely<DB>,
  id: string,
): Promise<ServiceRequestViewRow | undefined> {
  return requestViews(db).where('service_requests.id', '=', id).executeTakeFirst();
}

/** One user's requests, newest first (the index on requested_by, requested_at serves it). */
export function listRequestsBy(db: Kysely<DB>, userId: string): Promise<ServiceRequestRow[]> {
  return db
    .selectFrom('service_requests')
    .select(SERVICE_REQUEST_COLUMNS)
    .where('requested_by', '=', userId)
    .orderBy('requested_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/**
 * Updates one request and returns it, or undefined when the id is unknown. With `unlessStatus`
 * the row changes only if its status differs: the statement itself tells a decision that changes
 * the status from one that repeats it, so concurrent reviews see exactly one change.
 */
export function updateServiceRequest(
  db: Kysely<DB>,
  id: string,
  changes: Updateable<ServiceRequestsTable>,
  options: { unlessStatus?: ServiceRequestRow['status'] } = {},
): Promise<ServiceRequestRow | undefined> {
  let query = db.updateTable('service_requests').set(changes).where('id', '=', id);
  if (options.unlessStatus) query = query.where('status', '<>', options.unlessStatus);
  return query.returning(SERVICE_REQUEST_COLUMNS).executeTakeFirst();
}

/** Where to tell a requester about their request: their e-mail and username. */
export function findRequester(
  db: Kysely<DB>,
  userId: string,
): Promise<{ email: string; username: string | null } | undefined> {
  return db
    .selectFrom('users')
    .select(['email', 'username'])
    .where('id', '=', userId)
    .executeTakeFirst();
}
