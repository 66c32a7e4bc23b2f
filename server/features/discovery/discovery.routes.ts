import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  serviceCodesQuerySchema,
  serviceCodesSchema,
  serviceDirectorySchema,
  voteAnswerSchema,
  voteSchema,
} from '../../../shared/discovery-schemas.ts';
import { CANONICAL_SERVICE_ID, isPossibleServiceId } from '../../../shared/public-paths.ts';
import type { AppDeps } from '../../app-deps.ts';
import { clientNetwork } from '../../http/client-network.ts';
import { answers, codeIdSchema, jsonBody } from '../../http/route-schemas.ts';
import type { RateRule } from '../../plugins/route-rules.ts';
import { codeNotFound } from '../codes/codes.service.ts';
import { checkCodeSink } from '../owner-mail/code-sink.ts';
import { type DiscoveryService, recordVote, serviceNotFound } from './discovery.service.ts';

/** Votes are limited per IP like clicks: 60 a minute (decision 070). */
export const VOTE_LIMIT = {
  name: 'votes',
  per: 'ip',
  limit: 60,
  windowMs: 60_000,
} as const satisfies RateRule;

/** A service id as the catalogue writes them; anything else names no service (404). */
export const serviceIdParam = z
  .string()
  .refine(isPossibleServiceId)
  .transform((id) => id.toLowerCase());

const serviceParams = z.object({ id: serviceIdParam });

const SERVICES_PATH = '/api/services/';
const CODES_SUFFIX = '/codes';
/** The route's own headers for a first page sent as kept bytes. */
const FIRST_PAGE_HEADERS = {
  'cache-control': 'no-store',
  'content-type': 'application/json; charset=utf-8',
} as const;
const codeParams = z.object({ id: codeIdSchema });

/** Service pages' data and "Did it work?" (decision 070). */
export async function discoveryRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  discovery: DiscoveryService,
): Promise<void> {
  const { db, config } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/services/directory',
    {
      schema: {
        summary: 'Services with at least one listed code, by name, with how many',
        response: answers({ 200: serviceDirectorySchema }),
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'public, max-age=0, s-maxage=30, must-revalidate');
      return discovery.directory();
    },
  );

  api.get(
    '/services/:id/codes',
    {
      config: { notFound: serviceNotFound },
      schema: {
        summary:
          "A service's listed codes, one per owner, in a fair rotation: 20 per page (cursor for more), optionally for one country",
        params: serviceParams,
        querystring: serviceCodesQuerySchema,
        response: answers({ 200: serviceCodesSchema }),
      },
    },
    async (request, reply) => {
      // Every first page is a new rotation: never shared from a cache.
      reply.header('Cache-Control', 'no-store');
      const page = await discovery.codesPage(
        request.params.id,
        request.query.country,
        request.query.cursor,
      );
      // A first page comes as JSON bytes, built once per rotation slot: sent as is.
      if (Buffer.isBuffer(page)) {
        return reply.type('application/json; charset=utf-8').send(page as never);
      }
      return page;
    },
  );

  // The same first page for a cached listing, before Fastify (decision 117), when the client
  // asks for no encoding (an API client, a script): the kept bytes are sent as they are. A
  // request that accepts br or gzip takes the route above, which compresses each answer, as each
  // view is a new rotation slot whose page is kept uncompressed.
  deps.fastReads.add((request) => {
    if (!request.path.startsWith(SERVICES_PATH) || !request.path.endsWith(CODES_SUFFIX)) {
      return undefined;
    }
    const encoding = request.headers['accept-encoding'];
    if (encoding !== undefined && encoding !== 'identity') return undefined;
    const id = request.path.slice(SERVICES_PATH.length, -CODES_SUFFIX.length);
    if (!CANONICAL_SERVICE_ID.test(id) || !isPossibleServiceId(id)) return undefined;
    const listing = discovery.cachedListing(id);
    if (!listing) return undefined;
    return {
      status: 200,
      headers: FIRST_PAGE_HEADERS,
      body: discovery.nextFirstPage(listing, undefined),
    };
  });

  api.post(
    '/codes/:id/votes',
    {
      config: { notFound: codeNotFound, rateLimits: [VOTE_LIMIT] },
      schema: {
        summary:
          '"Did it work?" after a copy (anyone): counted once per network, code and day, only after a copy that day',
        params: codeParams,
        body: jsonBody(voteSchema),
        response: answers({ 202: voteAnswerSchema }),
      },
    },
    async (request, reply) => {
      const outcome = await recordVote(db, {
        codeId: request.params.id,
        worked: request.body.worked,
        reason: request.body.reason,
        ip: request.ip,
        network: clientNetwork(request),
        userAgent: request.headers['user-agent'],
        secret: config.sessionSecret,
      });
      // Whether the code just sank under 'No' answers: its owner is told (decision 110).
      if (outcome === 'counted') {
        checkCodeSink(
          { db, config, now: Date.now, queue: deps.outbox.queue },
          request.params.id,
          Date.now(),
        ).catch((error: unknown) => request.log.error({ err: error }, 'sink check failed'));
      }
      // Like a click: bots, votes without a copy today and second answers are answered, not counted.
      return reply.status(202).send({ counted: outcome === 'counted' });
    },
  );
}
