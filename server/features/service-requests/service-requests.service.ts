import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { ADMIN_MESSAGES } from '../../../shared/admin-schemas.ts';
import {
  type OwnServiceRequest,
  SERVICE_REQUEST_MESSAGES,
  type ServiceRequestView,
  serviceIdFromName,
} from '../../../shared/service-request-schemas.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { newId, nowIso } from '../../db/ids.ts';
import type { DB, ServiceRequestRow } from '../../db/schema.ts';
import { errors } from '../../errors.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { insertServiceIfNew, serviceExists } from '../services/services.repository.ts';
import { composeReviewMail, reviewLink } from './review-mail.ts';
import { presentOwnServiceRequest, presentServiceRequest } from './service-requests.presenter.ts';
import {
  findRequester,
  findServiceRequestView,
  insertServiceRequest,
  listRequestsBy,
  listServiceRequests,
  pendingRequestExists,
  updateServiceRequest,
} from './service-requests.repository.ts';

/** What a review needs: the database, the mailer that tells the requester, and the log. */
export interface ReviewContext {
  db: Kysely<DB>;
  mailer: Mailer;
  appUrl: string;
  log: FastifyBaseLogger;
}

/**
 * Stores a pending request for a new service (spec §5). The two duplicate rules are checked
 * first for a clear answer; the partial unique index on pending requests settles races, so two
 * concurrent submissions for one service store exactly one.
 */
export async function submitServiceRequest(
  db: Kysely<DB>,
  requester: { id: string; username: string | null },
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
      requestedBy: requester.id,
      at: nowIso(),
    });
    return presentServiceRequest({ ...row, requested_by_username: requester.username });
  } catch (error) {
    if (isUniqueViolation(error)) {
      const message = SERVICE_REQUEST_MESSAGES.requestPending;
      throw errors.conflict(message, fields(message));
    }
    throw error;
  }
}

export async function listRequestViews(db: Kysely<DB>): Promise<ServiceRequestView[]> {
  return (await listServiceRequests(db)).map(presentServiceRequest);
}

/** The signed-in user's own requests, newest first, as they may see them. */
export async function listOwnRequests(
  db: Kysely<DB>,
  userId: string,
): Promise<OwnServiceRequest[]> {
  return (await listRequestsBy(db, userId)).map(presentOwnServiceRequest);
}

function found<T>(row: T | undefined): T {
  if (!row) throw errors.notFound(ADMIN_MESSAGES.requestNotFound);
  return row;
}

/** The admin's view of one request after a change: the row joined to its requester. */
async function viewOf(db: Kysely<DB>, id: string): Promise<ServiceRequestView> {
  return presentServiceRequest(found(await findServiceRequestView(db, id)));
}

/**
 * Approve and reject are allowed from any status (an admin may change their mind). The first
 * statement changes the row only if the status changes; a repeated decision still records its
 * notes and reviewer, but is no news for the requester.
 */
async function review(
  db: Kysely<DB>,
  id: string,
  status: 'approved' | 'rejected',
  adminId: string,
  notes: string | null,
): Promise<{ row: ServiceRequestRow; statusChanged: boolean }> {
  const at = nowIso();
  const changes = { status, reviewed_by: adminId, reviewed_at: at, notes, updated_at: at };
  const changed = await updateServiceRequest(db, id, changes, { unlessStatus: status });
  if (changed) return { row: changed, statusChanged: true };
  return { row: found(await updateServiceRequest(db, id, changes)), statusChanged: false };
}

/**
 * Tells the requester about a decision (decision 033). The mail goes out after the answer: a
 * slow or failing mail server never delays or undoes the review, and a failure is logged
 * without the address or the server's reply (which may quote it).
 */
async function mailDecision(ctx: ReviewContext, row: ServiceRequestRow): Promise<void> {
  const logFailure = (error: unknown) => {
    const e = (error ?? {}) as Record<string, unknown>;
    ctx.log.error(
      {
        requestId: row.id,
        cause: { code: e.code, command: e.command, responseCode: e.responseCode },
      },
      'service request mail could not be sent',
    );
  };
  // Pending needs no mail; a requester who deleted their account has no address left.
  if (row.status === 'pending' || row.requested_by === null) return;
  const requestedBy = row.requested_by;
  try {
    const requester = await findRequester(ctx.db, requestedBy);
    if (!requester) return;
    const input = {
      status: row.status,
      displayName: row.display_name,
      serviceId: row.service_id,
      notes: row.notes,
      username: requester.username,
      appUrl: ctx.appUrl,
    };
    const devLine = `Service request ${row.status} mail for ${requester.email}: ${reviewLink(input)}`;
    ctx.mailer
      .send({ to: requester.email, ...composeReviewMail(input), devLine })
      .catch(logFailure);
  } catch (error) {
    logFailure(error);
  }
}

/**
 * Spec §4: marks the request approved, then tries to create the service. The approval stands
 * even when creation fails (the id already exists, or the insert errors); `serviceCreated`
 * tells the UI to show the manual-creation warning.
 */
export async function approveRequest(
  ctx: ReviewContext,
  id: string,
  adminId: string,
  notes: string | null,
): Promise<{ request: ServiceRequestView; serviceCreated: boolean }> {
  const { db, log } = ctx;
  const { row, statusChanged } = await review(db, id, 'approved', adminId, notes);
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
  if (statusChanged) await mailDecision(ctx, row);
  return { request: await viewOf(db, id), serviceCreated };
}

export async function rejectRequest(
  ctx: ReviewContext,
  id: string,
  adminId: string,
  notes: string | null,
): Promise<ServiceRequestView> {
  const { row, statusChanged } = await review(ctx.db, id, 'rejected', adminId, notes);
  if (statusChanged) await mailDecision(ctx, row);
  return viewOf(ctx.db, id);
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
    found(row);
    return await viewOf(db, id);
  } catch (error) {
    if (isUniqueViolation(error)) throw errors.conflict(SERVICE_REQUEST_MESSAGES.requestPending);
    throw error;
  }
}
