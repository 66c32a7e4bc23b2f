import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { serviceSummarySchema } from '../../../shared/service-schemas.ts';
import type { AppDeps } from '../../app-deps.ts';
import { answers } from '../../http/route-schemas.ts';
import { listServices } from './services.repository.ts';

/** /api/services: the catalogue the code form offers. */
export async function servicesRoutes(app: FastifyInstance, { db }: AppDeps): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/services',
    {
      schema: {
        summary: 'Every service in the catalogue, by name',
        response: answers({ 200: z.object({ services: z.array(serviceSummarySchema) }) }),
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-cache');
      return { services: await listServices(db) };
    },
  );
}
