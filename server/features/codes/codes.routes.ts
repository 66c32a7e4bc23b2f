import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { codeFormSchema, codeSchema, codeUpdateSchema } from '../../../shared/code-schemas.ts';
import type { AppDeps } from '../../app-deps.ts';
import { clientNetwork } from '../../http/client-network.ts';
import { answers, codeIdSchema, jsonBody, noContent } from '../../http/route-schemas.ts';
import type { RateRule } from '../../plugins/route-rules.ts';
import { currentUser } from '../../plugins/session.ts';
import { listingContextAt } from '../discovery/listing-eligibility.ts';
import { createClickRecorder } from './click-recorder.ts';
import { recordClick } from './clicks.service.ts';
import { codeNotFound, createCode, deleteCode, listCodes, updateCode } from './codes.service.ts';

/** decisions.md: over 60 click requests per minute from one IP get 429. */
export const CLICK_LIMIT = {
  name: 'clicks',
  per: 'ip',
  limit: 60,
  windowMs: 60_000,
} as const satisfies RateRule;

/** Decision 024: creates, edits and deletes of one user together, per minute. */
export const CODE_WRITE_LIMIT = {
  name: 'codes:write',
  per: 'user',
  limit: 60,
  windowMs: 60_000,
} as const satisfies RateRule;

/** A malformed id names no code: 404 without asking the database. */
const codeParams = z.object({ id: codeIdSchema });

const codeAnswer = z.object({ code: codeSchema });

/**
 * /api/codes: the owner's CRUD, and the public click recorder. This file is the example to copy
 * (CONTRIBUTING.md "How to add a route"): each route declares who may call it, its limits and its
 * schemas; the handler only does the work.
 */
export async function codesRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const { db, config } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const clickRecorder = createClickRecorder(deps.database);
  const listing = () => listingContextAt(new Date(), config.listingProbationDays);
  const copyCap = { database: deps.database, limiter: deps.limiter, scale: config.rateLimitScale };
  // Clicks still queued are written before the app (and then the database) closes.
  app.addHook('onClose', () => clickRecorder.close());

  const owner = { auth: 'user', notFound: codeNotFound } as const;
  // What an API token needs for each (decision 107): reading codes, or changing them.
  const reads = { ...owner, tokenScope: 'codes:read' } as const;
  const writes = { ...owner, rateLimits: [CODE_WRITE_LIMIT], tokenScope: 'codes:write' } as const;

  api.get(
    '/codes',
    {
      config: reads,
      schema: {
        summary: "The signed-in user's codes, newest first",
        response: answers({ 200: z.object({ codes: z.array(codeSchema) }) }),
      },
    },
    async (request, reply) => {
      const user = await currentUser(request);
      reply.header('Cache-Control', 'no-store');
      return { codes: await listCodes(db, user.id, listing()) };
    },
  );

  api.post(
    '/codes',
    {
      config: writes,
      schema: {
        summary: 'Add a code (at most 200 per user)',
        body: jsonBody(codeFormSchema),
        response: answers({ 201: codeAnswer }),
      },
    },
    async (request, reply) => {
      const user = await currentUser(request);
      const code = await createCode(deps.database, user.id, request.body, listing());
      return reply.status(201).send({ code });
    },
  );

  api.patch(
    '/codes/:id',
    {
      config: writes,
      schema: {
        summary: 'Change some fields of a code',
        params: codeParams,
        body: jsonBody(codeUpdateSchema),
        response: answers({ 200: codeAnswer }),
      },
    },
    async (request) => {
      const user = await currentUser(request);
      return { code: await updateCode(db, user.id, request.params.id, request.body, listing()) };
    },
  );

  api.delete(
    '/codes/:id',
    {
      config: writes,
      schema: {
        summary: 'Delete a code',
        params: codeParams,
        response: answers({ 204: noContent }),
      },
    },
    async (request, reply) => {
      const user = await currentUser(request);
      await deleteCode(db, user.id, request.params.id);
      return reply.status(204).send();
    },
  );

  api.post(
    '/codes/:id/clicks',
    {
      // Copies are the frequent write, and no public answer shows them (decision 099).
      config: { notFound: codeNotFound, rateLimits: [CLICK_LIMIT], publicAnswersUnchanged: true },
      schema: {
        summary:
          'Count a copy of a code (anyone; a repeat within 30 minutes, or past 10 copies of the code from one network in an hour, is not counted)',
        params: codeParams,
        response: answers({ 202: z.object({ counted: z.boolean() }) }),
      },
    },
    async (request, reply) => {
      const outcome = await recordClick(clickRecorder, copyCap, {
        codeId: request.params.id,
        ip: request.ip,
        network: clientNetwork(request),
        userAgent: request.headers['user-agent'],
        secret: config.sessionSecret,
      });
      if (outcome === 'not-found') throw codeNotFound();
      // Bots and repeats are answered like any copy; `counted` says whether this one was stored.
      return reply.status(202).send({ counted: outcome === 'counted' });
    },
  );
}
