import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { ADMIN_MESSAGES } from '../../../shared/admin-schemas.ts';
import { SERVICE_REQUEST_MESSAGES } from '../../../shared/service-request-schemas.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { nowIso } from '../../db/ids.ts';
import type { DB, ServiceRequestRow } from '../../db/schema.ts';
import { errors } from '../../errors.ts';
import {
  presentServiceRequest,
  type ServiceRequestView,
} from '../services/service-requests.repository.ts';
import {
  insertServiceIfNew,
  listServiceRequests,
  updateServiceRequest,
} from './review.repository.ts';

export async function listRequestViews(db: Kysely<DB>): Promise<ServiceRequestView[]> {
  return (await listServiceRequests(db)).map(presentServiceRequest);
}

function found(row: ServiceRequestRow | undefined): ServiceRequestRow {
  if (!row) throw errors.notFound(ADMIN_MESSAGES.requestNotFound);
  return row;
}

/** Approve and reject are allowed from any status (an admin may change their mind). */
async function review(
  db: Kysely<DB>,
  id: string,
  status: 'approved' | 'rejected',
  adminId: string,
  notes: string | null,
): Promise<ServiceRequestRow> {
  const at = nowIso();
  return found(
    await updateServiceRequest(db, id, {
      status,
      reviewed_by: adminId,
      reviewed_at: at,
      notes,
      updated_at: at,
    }),
  );
}

/**
 * Spec §4: marks the request approved, then tries to create the service. The approval stands
 * even when creation fails (the id already exists, or the insert errors); `serviceCreated`
 * tells the UI to show the manual-creation warning.
 */
export async function approveRequest(
  db: Kysely<DB>,
  log: FastifyBaseLogger,
  id: string,
  adminId: string,
  notes: string | null,
): Promise<{ request: ServiceRequestView; serviceCreated: boolean }> {
  const row = await review(db, id, 'approved', adminId, notes);
  let serviceCreated = false;
  try {
    serviceCreated = await insertServiceIfNew(db, {
      id: row.service_id,
      name: row.display_name,
      domain: row.domain,
      createdAt: row.reviewed_at ?? nowIso(),
      createdBy: adminId,
    });
  } catch (error) {
    log.error({ err: error, requestId: id }, 'service creation after approval failed');
  }
  return { request: presentServiceRequest(row), serviceCreated };
}

export async function rejectRequest(
  db: Kysely<DB>,
  id: string,
  adminId: string,
  notes: string | null,
): Promise<ServiceRequestView> {
  return presentServiceRequest(await review(db, id, 'rejected', adminId, notes));
}

/** Edit in any status: the fields and updatedAt change, the status stays. */
export async function editRequest(
  db: Kysely<DB>,
  id: string,
  input: { serviceId: string; displayName: string; domain: string; notes: string | null },
): Promise<ServiceRequestView> {
  try {
    const row = await updateServiceRequest(db, id, {
      service_id: input.serviceId,
      display_name: input.displayName,
      domain: input.domain,
      notes: input.notes,
      updated_at: nowIso(),
    });
    return presentServiceRequest(found(row));
  } catch (error) {
    if (isUniqueViolation(error)) throw errors.conflict(SERVICE_REQUEST_MESSAGES.requestPending);
    throw error;
  }
}
