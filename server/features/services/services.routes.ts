import type { FastifyInstance } from 'fastify';
import { serviceRequestSchema } from '../../../shared/service-request-schemas.ts';
import type { AppDeps } from '../../app-deps.ts';
import { parseInput } from '../../errors.ts';
import { enforceLimit } from '../../plugins/rate-limiter.ts';
import { currentUser, requireUser } from '../../plugins/session.ts';
import { submitServiceRequest } from './service-requests.service.ts';
import { listServices } from './services.repository.ts';

/** A user asking for more than this many services an hour is not asking in good faith. */
const REQUESTS_PER_USER_PER_HOUR = 20;

/** /api routes of the services feature. */
export async function servicesRoutes(
  app: FastifyInstance,
  { db, limiter, config }: AppDeps,
): Promise<void> {
  app.get('/services', async (_request, reply) => {
    reply.header('Cache-Control', 'no-cache');
    return { services: await listServices(db) };
  });

  app.post('/service-requests', { preHandler: requireUser }, async (request, reply) => {
    const user = await currentUser(request);
    await enforceLimit(
      limiter,
      `service-request:user:${user.id}`,
      REQUESTS_PER_USER_PER_HOUR,
      60 * 60_000,
      config.rateLimitScale,
    );
    const input = parseInput(serviceRequestSchema, request.body);
    const created = await submitServiceRequest(db, user.id, input);
    reply.code(201);
    return { request: created };
  });
}
