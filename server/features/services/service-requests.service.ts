import type { Kysely } from 'kysely';
import {
  SERVICE_REQUEST_MESSAGES,
  serviceIdFromName,
} from '../../../shared/service-request-schemas.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { newId, nowIso } from '../../db/ids.ts';
import type { DB } from '../../db/schema.ts';
import { errors } from '../../errors.ts';
import {
  insertServiceRequest,
  pendingRequestExists,
  presentServiceRequest,
  type ServiceRequestView,
} from './service-requests.repository.ts';
import { serviceExists } from './services.repository.ts';

/**
 * Stores a pending request for a new service (spec §5). The two duplicate rules are checked
 * first for a clear answer; the partial unique index on pending requests settles races, so two
 * concurrent submissions for one service store exactly one.
 */
export async function submitServiceRequest(
  db: Kysely<DB>,
  requestedBy: string,
  input: { displayName: string; domain: string },
): Promise<ServiceRequestView> {
  const serviceId = serviceIdFromName(input.displayName);
  const fields = (message: string) => ({ displayName: message });
  if (await serviceExists(db, serviceId)) {
    const message = SERVICE_REQUEST_MESSAGES.serviceExists;
    throw errors.conflict(message, fields(message));
  }
  if (await pendingRequestExists(db, serviceId)) {
    const message = SERVICE_REQUEST_MESSAGES.requestPending;
    throw errors.conflict(message, fields(message));
  }
  try {
    const row = await insertServiceRequest(db, {
      id: newId(),
      serviceId,
      displayName: input.displayName,
      domain: input.domain,
      requestedBy,
      at: nowIso(),
    });
    return presentServiceRequest(row);
  } catch (error) {
    if (isUniqueViolation(error)) {
      const message = SERVICE_REQUEST_MESSAGES.requestPending;
      throw errors.conflict(message, fields(message));
    }
    throw error;
  }
}
