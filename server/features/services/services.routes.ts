import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { listServices } from './services.repository.ts';

/** /api routes of the services feature. */
export async function servicesRoutes(app: FastifyInstance, { db }: AppDeps): Promise<void> {
  app.get('/services', async (_request, reply) => {
    reply.header('Cache-Control', 'no-cache');
    return { services: await listServices(db) };
  });
}
