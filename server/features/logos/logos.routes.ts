import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEFAULT_LOGO_SIZE } from '../../../shared/limits.ts';
import { logoAnswerSchema } from '../../../shared/service-schemas.ts';
import type { AppDeps } from '../../app-deps.ts';
import { answers, imageAnswer } from '../../http/route-schemas.ts';
import { countHit, type RateRule } from '../../plugins/route-rules.ts';
import { findService } from '../services/services.repository.ts';
import { startLogoCachePurge } from './logo-cache-purge.ts';
import { logoImage } from './logo-image.ts';
import { logoRowsWithin, purgeExpiredLogos } from './logos.repository.ts';
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

/** The types the logo image may be. */
const LOGO_IMAGE_TYPES = ['image/png', 'image/svg+xml'];

/** Network fetches a single IP may trigger per minute; cached answers are not counted. */
export const LOGO_FETCH_LIMIT = {
  name: 'logo-fetch',
  per: 'ip',
  limit: 30,
  windowMs: 60_000,
} as const satisfies RateRule;

/**
 * Network fetches all clients together may trigger per minute (per limiter: shared through Redis
 * when it is set). Past it a lookup answers 429 and the client, or the card's image, falls back.
 */
export const LOGO_FETCH_LIMIT_ALL = {
  name: 'logo-fetch',
  per: () => 'all',
  limit: 120,
  windowMs: 60_000,
} as const satisfies RateRule;

function cacheable(reply: FastifyReply) {
  reply.header('Cache-Control', 'public, max-age=86400');
}

/** /api routes of the logos feature: the primary and secondary lookups of spec §4 and §7. */
export async function logosRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const { db, config } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const lookupSchema = (summary: string) => ({
    summary,
    querystring: logoQuerySchema,
    response: answers({ 200: logoAnswerSchema }),
  });

  api.get(
    '/logos/lookup',
    {
      schema: lookupSchema("A catalogue service's logo from the cache or its known URL (spec §4)"),
    },
    async (request, reply) => {
      const answer = await primaryLookup(db, request.query);
      cacheable(reply);
      return answer;
    },
  );

  const secondaryDeps = (request: FastifyRequest): SecondaryDeps => ({
    db,
    log: request.log,
    allowLoopback: config.logoFetchAllowLoopback,
    ca: config.logoFetchCa,
    timeoutMs: config.logoFetchTimeoutMs,
    maxRows: logoRowsWithin(config.cacheBytes.logos),
    // Counted only when the answer needs the network: cached answers are free. Per IP first: an
    // address over its own limit does not use up everyone's budget.
    beforeNetworkFetch: async () => {
      await countHit(deps, LOGO_FETCH_LIMIT, request);
      await countHit(deps, LOGO_FETCH_LIMIT_ALL, request);
    },
  });

  // Expired rows go hourly too (also on every write); the timer never holds the process open.
  const stopPurge = startLogoCachePurge(
    () => purgeExpiredLogos(db, new Date().toISOString()),
    (error) => app.log.warn({ err: error }, 'logo cache purge failed'),
  );
  app.addHook('onClose', async () => stopPurge());

  api.get(
    '/logos/service',
    { schema: lookupSchema("A service's site icon, fetched from its domain and cached (spec §4)") },
    async (request, reply) => {
      const answer = await secondaryLookup(secondaryDeps(request), request.query);
      cacheable(reply);
      return answer;
    },
  );

  // The logo every card shows (an <img>, in the server-rendered HTML): spec §4's flow, resolved
  // here, always ending in an image.
  api.get(
    '/logos/:serviceId/image',
    {
      schema: {
        summary: "A service's logo as an image, ending in its generated icon",
        params: logoImageParams,
        response: answers({
          200: imageAnswer('The logo, or the generated icon (SVG)', LOGO_IMAGE_TYPES),
        }),
      },
    },
    async (request, reply) => {
      const { serviceId } = request.params;
      const service = await findService(db, serviceId);
      const image = await logoImage(secondaryDeps(request), serviceId, service?.name);
      reply.header(
        'Cache-Control',
        image.fallback ? 'public, max-age=3600' : 'public, max-age=86400',
      );
      return reply.type(image.type).send(image.body);
    },
  );
}
