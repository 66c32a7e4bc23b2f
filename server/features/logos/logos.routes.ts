import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { DEFAULT_LOGO_SIZE } from '../../../shared/limits.ts';
import type { AppDeps } from '../../app-deps.ts';
import { parseInput } from '../../errors.ts';
import { enforceLimit, ipKey } from '../../plugins/rate-limiter.ts';
import { findService } from '../services/services.repository.ts';
import { logoImage } from './logo-image.ts';
import { primaryLookup, type SecondaryDeps, secondaryLookup } from './logos.service.ts';

const size = z.coerce.number().int().min(16).max(1024).default(DEFAULT_LOGO_SIZE);

const logoQuerySchema = z.object({
  serviceId: z
    .string()
    .trim()
    .min(1, 'serviceId is required')
    .max(100)
    .transform((id) => id.toLowerCase()),
  width: size,
  height: size,
});

const logoImageParams = z.object({ serviceId: logoQuerySchema.shape.serviceId });

/** Network fetches a single IP may trigger per minute; cached answers are not counted. */
const FETCHES_PER_IP_PER_MINUTE = 30;

function cacheable(reply: FastifyReply) {
  reply.header('Cache-Control', 'public, max-age=86400');
}

/** /api routes of the logos feature: the primary and secondary lookups of spec §4 and §7. */
export async function logosRoutes(
  app: FastifyInstance,
  { db, config, limiter }: AppDeps,
): Promise<void> {
  app.get('/logos/lookup', async (request, reply) => {
    const query = parseInput(logoQuerySchema, request.query);
    const answer = await primaryLookup(db, query);
    cacheable(reply);
    return answer;
  });

  const secondaryDeps = (request: FastifyRequest): SecondaryDeps => ({
    db,
    log: request.log,
    allowLoopback: config.logoFetchAllowLoopback,
    beforeNetworkFetch: () =>
      enforceLimit(
        limiter,
        `logo-fetch:ip:${ipKey(request.ip)}`,
        FETCHES_PER_IP_PER_MINUTE,
        60_000,
        config.rateLimitScale,
      ),
  });

  app.get('/logos/service', async (request, reply) => {
    const query = parseInput(logoQuerySchema, request.query);
    const answer = await secondaryLookup(secondaryDeps(request), query);
    cacheable(reply);
    return answer;
  });

  // The logo every card shows (an <img>, in the server-rendered HTML): spec §4's flow, resolved
  // here, always ending in an image.
  app.get('/logos/:serviceId/image', async (request, reply) => {
    const { serviceId } = parseInput(logoImageParams, request.params);
    const service = await findService(db, serviceId);
    const image = await logoImage(secondaryDeps(request), serviceId, service?.name);
    reply.header(
      'Cache-Control',
      image.fallback ? 'public, max-age=3600' : 'public, max-age=86400',
    );
    return reply.type(image.type).send(image.body);
  });
}
