import type {
  OwnServiceRequest,
  ServiceRequestView,
} from '../../../shared/service-request-schemas.ts';
import type { ServiceRequestRow } from '../../db/schema.ts';
import type { ServiceRequestViewRow } from './service-requests.repository.ts';

/** A stored request as the admin API shows it (camelCase; raw rows never leave the server). */
export function presentServiceRequest(row: ServiceRequestViewRow): ServiceRequestView {
  return {
    id: row.id,
    serviceId: row.service_id,
    displayName: row.display_name,
    domain: row.domain,
    requestedBy: row.requested_by,
    requestedByUsername: row.requested_by_username,
    requestedAt: row.requested_at,
    status: row.status,
    reviewedBy: row.reviewed_by,
    reviewedAt: row.reviewed_at,
    notes: row.notes,
    updatedAt: row.updated_at,
  };
}

/** A request as its requester sees it: notes written while it waits stay the admins' own. */
export function presentOwnServiceRequest(row: ServiceRequestRow): OwnServiceRequest {
  return {
    id: row.id,
    serviceId: row.service_id,
    displayName: row.display_name,
    domain: row.domain,
    requestedAt: row.requested_at,
    status: row.status,
    reviewedAt: row.status === 'pending' ? null : row.reviewed_at,
    notes: row.status === 'pending' ? null : row.notes,
  };
}
