import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { DEFAULT_LOGO_SIZE } from '../../../shared/limits.ts';
import type { AppDeps } from '../../app-deps.ts';
import { parseInput } from '../../errors.ts';
import { enforceLimit, ipKey } from '../../plugins/rate-limiter.ts';
import { primaryLookup, secondaryLookup } from './logos.service.ts';

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

  app.get('/logos/service', async (request, reply) => {
    const query = parseInput(logoQuerySchema, request.query);
    const answer = await secondaryLookup(
      {
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
      },
      query,
    );
    cacheable(reply);
    return answer;
  });
}
