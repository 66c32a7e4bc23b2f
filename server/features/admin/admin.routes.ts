import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ADMIN_MESSAGES,
  addAdminSchema,
  editRequestSchema,
  reviewSchema,
} from '../../../shared/admin-schemas.ts';
import type { AppDeps } from '../../app-deps.ts';
import { errors, parseInput } from '../../errors.ts';
import { currentUser } from '../../plugins/session.ts';
import { isAdmin } from './admin.repository.ts';
import { addAdminByEmail, listAdminViews } from './admins.service.ts';
import { approveRequest, editRequest, listRequestViews, rejectRequest } from './review.service.ts';

const idParams = z.object({ id: z.string().min(1).max(100) });

/** /api/admin routes. Every call re-checks the admins table: a removed admin is refused at once. */
export async function adminRoutes(app: FastifyInstance, { db }: AppDeps): Promise<void> {
  /** 401 for visitors, 403 with the action's message for users who are not admins. */
  async function requireAdmin(request: FastifyRequest, forbiddenMessage: string) {
    const user = await currentUser(request);
    if (!(await isAdmin(db, user.id))) throw errors.forbidden(forbiddenMessage);
    return user;
  }

  app.get('/admin/service-requests', async (request, reply) => {
    await requireAdmin(request, ADMIN_MESSAGES.onlyAdminsList);
    reply.header('Cache-Control', 'no-store');
    return { requests: await listRequestViews(db) };
  });

  app.post('/admin/service-requests/:id/approve', async (request) => {
    const admin = await requireAdmin(request, ADMIN_MESSAGES.onlyAdminsApprove);
    const { id } = parseInput(idParams, request.params);
    const { notes } = parseInput(reviewSchema, request.body);
    return approveRequest(db, request.log, id, admin.id, notes);
  });

  app.post('/admin/service-requests/:id/reject', async (request) => {
    const admin = await requireAdmin(request, ADMIN_MESSAGES.onlyAdminsReject);
    const { id } = parseInput(idParams, request.params);
    const { notes } = parseInput(reviewSchema, request.body);
    return { request: await rejectRequest(db, id, admin.id, notes) };
  });

  app.patch('/admin/service-requests/:id', async (request) => {
    await requireAdmin(request, ADMIN_MESSAGES.onlyAdminsUpdate);
    const { id } = parseInput(idParams, request.params);
    const input = parseInput(editRequestSchema, request.body);
    return { request: await editRequest(db, id, input) };
  });

  app.get('/admin/admins', async (request, reply) => {
    await requireAdmin(request, ADMIN_MESSAGES.onlyAdminsViewAdmins);
    reply.header('Cache-Control', 'no-store');
    return { admins: await listAdminViews(db) };
  });

  app.post('/admin/admins', async (request, reply) => {
    const admin = await requireAdmin(request, ADMIN_MESSAGES.onlyAdminsAddAdmins);
    const { email } = parseInput(addAdminSchema, request.body);
    reply.code(201);
    return { admin: await addAdminByEmail(db, email, admin.id) };
  });
}
