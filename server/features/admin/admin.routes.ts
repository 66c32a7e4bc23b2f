import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ADMIN_MESSAGES, addAdminSchema, adminViewSchema } from '../../../shared/admin-schemas.ts';
import type { AppDeps } from '../../app-deps.ts';
import { answers, jsonBody } from '../../http/route-schemas.ts';
import { currentUser } from '../../plugins/session.ts';
import { addAdminByEmail, listAdminViews } from './admins.service.ts';

/** /api/admin/admins: who the admins are, and adding one. Service requests have their feature. */
export async function adminRoutes(app: FastifyInstance, { db }: AppDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/admin/admins',
    {
      config: { auth: { admin: ADMIN_MESSAGES.onlyAdminsViewAdmins } },
      schema: {
        summary: 'Every admin (admins)',
        response: answers({ 200: z.object({ admins: z.array(adminViewSchema) }) }),
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { admins: await listAdminViews(db) };
    },
  );

  api.post(
    '/admin/admins',
    {
      config: { auth: { admin: ADMIN_MESSAGES.onlyAdminsAddAdmins } },
      schema: {
        summary: 'Make a signed-up user an admin, by e-mail (admins)',
        body: jsonBody(addAdminSchema),
        response: answers({ 201: z.object({ admin: adminViewSchema }) }),
      },
    },
    async (request, reply) => {
      const admin = await currentUser(request);
      const added = await addAdminByEmail(db, request.body.email, admin.id);
      return reply.status(201).send({ admin: added });
    },
  );
}
