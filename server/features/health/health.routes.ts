import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';

/** GET /healthz: 200 when the database answers, 503 when it does not. */
export async function healthRoutes(app: FastifyInstance, { database }: { database: Database }) {
  app.get('/healthz', async (_request, reply) => {
    const ok = await database.ping();
    reply.header('Cache-Control', 'no-store');
    return reply.status(ok ? 200 : 503).send({ status: ok ? 'ok' : 'unavailable' });
  });
}
