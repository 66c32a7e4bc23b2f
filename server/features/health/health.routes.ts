import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database.ts';

const healthAnswer = z.object({ status: z.enum(['ok', 'unavailable']) });

/** GET /healthz: 200 when the database answers, 503 when it does not. */
export async function healthRoutes(app: FastifyInstance, { database }: { database: Database }) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/healthz',
      { schema: { response: { 200: healthAnswer, 503: healthAnswer } } },
      async (_request, reply) => {
        const ok = await database.ping();
        reply.header('Cache-Control', 'no-store');
        return reply.status(ok ? 200 : 503).send({ status: ok ? 'ok' : 'unavailable' });
      },
    );
}
