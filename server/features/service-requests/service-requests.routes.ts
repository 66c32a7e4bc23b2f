import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ADMIN_MESSAGES, editRequestSchema, reviewSchema } from '../../../shared/admin-schemas.ts';
import {
  ownServiceRequestSchema,
  serviceRequestSchema,
  serviceRequestViewSchema,
} from '../../../shared/service-request-schemas.ts';
import type { AppDeps } from '../../app-deps.ts';
import { errors } from '../../errors.ts';
import { answers, jsonBody } from '../../http/route-schemas.ts';
import { currentUser } from '../../plugins/session.ts';
import {
  approveRequest,
  editRequest,
  listOwnRequests,
  listRequestViews,
  rejectRequest,
  submitServiceRequest,
} from './service-requests.service.ts';

const requestParams = z.object({ id: z.string().min(1).max(100) });
const requestAnswer = z.object({ request: serviceRequestViewSchema });

/** Admin routes re-check the admins table at every call: a removed admin is refused at once. */
const adminOnly = (forbiddenMessage: string) => ({
  auth: { admin: forbiddenMessage },
  notFound: () => errors.notFound(ADMIN_MESSAGES.requestNotFound),
});

/** Service requests: a user asks for a service (spec §5); admins review the queue (spec §4). */
export async function serviceRequestsRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const { db, mailer, config } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const reviewContext = (request: FastifyRequest) => ({
    db,
    mailer,
    appUrl: config.appUrl,
    log: request.log,
  });

  api.post(
    '/service-requests',
    {
      // A user asking for more than 20 services an hour is not asking in good faith.
      config: {
        auth: 'user',
        rateLimits: [{ name: 'service-request', per: 'user', limit: 20, windowMs: 60 * 60_000 }],
      },
      schema: {
        summary: 'Ask for a service to be added to the catalogue',
        body: jsonBody(serviceRequestSchema),
        response: answers({ 201: requestAnswer }),
      },
    },
    async (request, reply) => {
      const user = await currentUser(request);
      const created = await submitServiceRequest(db, user, request.body);
      return reply.status(201).send({ request: created });
    },
  );

  api.get(
    '/service-requests',
    {
      config: { auth: 'user' },
      schema: {
        summary: "The signed-in user's own service requests, newest first",
        response: answers({ 200: z.object({ requests: z.array(ownServiceRequestSchema) }) }),
      },
    },
    async (request, reply) => {
      const user = await currentUser(request);
      reply.header('Cache-Control', 'no-store');
      return { requests: await listOwnRequests(db, user.id) };
    },
  );

  api.get(
    '/admin/service-requests',
    {
      config: adminOnly(ADMIN_MESSAGES.onlyAdminsList),
      schema: {
        summary: 'Every service request, newest first (admins)',
        response: answers({ 200: z.object({ requests: z.array(serviceRequestViewSchema) }) }),
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { requests: await listRequestViews(db) };
    },
  );

  api.post(
    '/admin/service-requests/:id/approve',
    {
      config: adminOnly(ADMIN_MESSAGES.onlyAdminsApprove),
      schema: {
        summary: 'Approve a request and add its service (admins)',
        params: requestParams,
        body: jsonBody(reviewSchema),
        response: answers({
          200: z.object({ request: serviceRequestViewSchema, serviceCreated: z.boolean() }),
        }),
      },
    },
    async (request) => {
      const admin = await currentUser(request);
      const { id } = request.params;
      return approveRequest(reviewContext(request), id, admin.id, request.body.notes);
    },
  );

  api.post(
    '/admin/service-requests/:id/reject',
    {
      config: adminOnly(ADMIN_MESSAGES.onlyAdminsReject),
      schema: {
        summary: 'Reject a request (admins)',
        params: requestParams,
        body: jsonBody(reviewSchema),
        response: answers({ 200: requestAnswer }),
      },
    },
    async (request) => {
      const admin = await currentUser(request);
      const notes = request.body.notes;
      const { id } = request.params;
      return { request: await rejectRequest(reviewContext(request), id, admin.id, notes) };
    },
  );

  api.patch(
    '/admin/service-requests/:id',
    {
      config: adminOnly(ADMIN_MESSAGES.onlyAdminsUpdate),
      schema: {
        summary: "Edit a request's service id, name, domain and notes (admins)",
        params: requestParams,
        body: jsonBody(editRequestSchema),
        response: answers({ 200: requestAnswer }),
      },
    },
    async (request) => ({ request: await editRequest(db, request.params.id, request.body) }),
  );
}
