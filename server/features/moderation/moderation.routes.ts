import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  appealDecisionSchema,
  appealSchema,
  auditEntrySchema,
  MODERATION_LIMITS,
  MODERATION_MESSAGES,
  moderationActionRequestSchema,
  moderationCaseSchema,
  reportSchema,
} from '../../../shared/moderation-schemas.ts';
import type { AppDeps } from '../../app-deps.ts';
import { errors } from '../../errors.ts';
import { clientNetwork, networkHash } from '../../http/client-network.ts';
import { answers, jsonBody } from '../../http/route-schemas.ts';
import { currentUser } from '../../plugins/session.ts';
import { notifyOwner } from '../owner-mail/owner-mail.ts';
import type { ModerationContext } from './actions.ts';
import { listAuditLog, takeAction } from './actions.ts';
import { nudgeAdmins } from './admin-notice.ts';
import { decideAppeal, fileAppeal } from './appeals.ts';
import { listCases } from './cases.ts';
import { submitReport } from './reports.ts';

const HOUR_MS = 60 * 60_000;
const adminOnly = { auth: { admin: MODERATION_MESSAGES.onlyAdminsModerate } };
const entryAnswer = z.object({ entry: auditEntrySchema });

/** Trust and safety (issue 23, decision 095): reports, admin actions, appeals, the audit log. */
export async function moderationRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const { db, outbox, config } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const context = (request: FastifyRequest): ModerationContext => ({
    db,
    outbox,
    appUrl: config.appUrl,
    log: request.log,
  });
  const actorOf = async (request: FastifyRequest) => {
    const user = await currentUser(request);
    return { userId: user.id, username: user.username };
  };

  api.post(
    '/reports',
    {
      config: {
        rateLimits: [
          {
            name: 'report',
            per: (request) => `network:${clientNetwork(request)}`,
            limit: MODERATION_LIMITS.reportsPerNetworkPerHour,
            windowMs: HOUR_MS,
          },
        ],
      },
      schema: {
        summary: 'Report a code or a profile (anyone; counted once per network, target and day)',
        body: jsonBody(reportSchema),
        response: answers({ 202: z.object({}) }),
      },
    },
    async (request, reply) => {
      const outcome = await submitReport(
        db,
        request.body,
        {
          networkHash: networkHash(config.sessionSecret, clientNetwork(request)),
          userAgent: request.headers['user-agent'],
        },
        // The owner hears once per case that 3 networks reported their code (decision 110).
        ({ codeId, ownerId, caseId }) => {
          notifyOwner(
            { db, config, now: Date.now, queue: outbox.queue },
            { kind: 'reported', userId: ownerId, codeId, dedupeKey: `reported:${caseId}` },
          ).catch((error: unknown) =>
            request.log.error({ err: error }, 'report mail could not be queued'),
          );
        },
      );
      if (outcome === 'counted') nudgeAdmins(context(request));
      return reply.status(202).send({});
    },
  );

  api.post(
    '/me/appeals',
    {
      config: {
        auth: 'user',
        rateLimits: [{ name: 'appeal', per: 'user', limit: 20, windowMs: HOUR_MS }],
      },
      schema: {
        summary: 'Appeal an admin hiding one of your codes (once per action)',
        body: jsonBody(appealSchema),
        response: answers({ 201: z.object({ appeal: z.object({ id: z.string() }) }) }),
      },
    },
    async (request, reply) => {
      const user = await currentUser(request);
      const appeal = await fileAppeal(db, user.id, request.body);
      nudgeAdmins(context(request));
      return reply.status(201).send({ appeal });
    },
  );

  api.get(
    '/admin/reports',
    {
      config: adminOnly,
      schema: {
        summary: 'The Reports section: one case per reported target, newest first (admins)',
        response: answers({ 200: z.object({ cases: z.array(moderationCaseSchema) }) }),
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { cases: await listCases(db) };
    },
  );

  api.post(
    '/admin/moderation-actions',
    {
      config: adminOnly,
      schema: {
        summary: 'Dismiss reports, hide a code, disable an account, or restore either (admins)',
        body: jsonBody(moderationActionRequestSchema),
        response: answers({ 200: entryAnswer }),
      },
    },
    async (request) => ({
      entry: await takeAction(context(request), await actorOf(request), request.body),
    }),
  );

  api.post(
    '/admin/appeals/:id/decision',
    {
      config: {
        ...adminOnly,
        notFound: () => errors.notFound(MODERATION_MESSAGES.appealNotFound),
      },
      schema: {
        summary: "Answer an owner's appeal: restore the code or keep it hidden (admins)",
        params: z.object({ id: z.string().min(1).max(100) }),
        body: jsonBody(appealDecisionSchema),
        response: answers({ 200: entryAnswer }),
      },
    },
    async (request) => ({
      entry: await decideAppeal(
        context(request),
        await actorOf(request),
        request.params.id,
        request.body,
      ),
    }),
  );

  api.get(
    '/admin/audit-log',
    {
      config: adminOnly,
      schema: {
        summary: 'Every moderation action, newest first (admins)',
        response: answers({ 200: z.object({ entries: z.array(auditEntrySchema) }) }),
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { entries: await listAuditLog(db) };
    },
  );
}
