import type { FastifyInstance, FastifyRequest } from 'fastify';
import { codeFormSchema, codeUpdateSchema } from '../../../shared/code-schemas.ts';
import type { AppDeps } from '../../app-deps.ts';
import { parseInput } from '../../errors.ts';
import { enforceLimit, ipKey } from '../../plugins/rate-limiter.ts';
import { currentUser, requireUser } from '../../plugins/session.ts';
import { createClickRecorder } from './click-recorder.ts';
import { recordClick } from './clicks.service.ts';
import { codeNotFound, createCode, deleteCode, listCodes, updateCode } from './codes.service.ts';

/** decisions.md: over 60 click requests per minute from one IP get 429. */
export const CLICK_LIMIT = { perIp: 60, windowMs: 60_000 } as const;

/** Decision 024: creates, edits and deletes of one user together, per minute. */
export const CODE_WRITE_LIMIT = { perUser: 60, windowMs: 60_000 } as const;

const CODE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A malformed id can name no code: answer 404 without asking the database. */
function codeIdParam(request: FastifyRequest): string {
  const { id } = request.params as { id: string };
  if (!CODE_ID.test(id)) throw codeNotFound();
  return id.toLowerCase();
}

/** /api/codes: the owner's CRUD, and the public click recorder. */
export async function codesRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const { db, config, limiter } = deps;
  const clickRecorder = createClickRecorder(deps.database);
  /** Every code write of the user counts against one budget (429 with Retry-After past it). */
  const limitWrites = (userId: string) =>
    enforceLimit(
      limiter,
      `codes:write:user:${userId}`,
      CODE_WRITE_LIMIT.perUser,
      CODE_WRITE_LIMIT.windowMs,
      config.rateLimitScale,
    );
  // Clicks still queued are written before the app (and then the database) closes.
  app.addHook('onClose', () => clickRecorder.close());

  app.get('/codes', { preHandler: requireUser }, async (request, reply) => {
    const user = await currentUser(request);
    reply.header('Cache-Control', 'no-store');
    return { codes: await listCodes(db, user.id) };
  });

  app.post('/codes', { preHandler: requireUser }, async (request, reply) => {
    const user = await currentUser(request);
    await limitWrites(user.id);
    const values = parseInput(codeFormSchema, request.body);
    const code = await createCode(deps.database, user.id, values);
    return reply.status(201).send({ code });
  });

  app.patch('/codes/:id', { preHandler: requireUser }, async (request) => {
    const user = await currentUser(request);
    await limitWrites(user.id);
    const id = codeIdParam(request);
    const values = parseInput(codeUpdateSchema, request.body);
    return { code: await updateCode(db, user.id, id, values) };
  });

  app.delete('/codes/:id', { preHandler: requireUser }, async (request, reply) => {
    const user = await currentUser(request);
    await limitWrites(user.id);
    await deleteCode(db, user.id, codeIdParam(request));
    return reply.status(204).send();
  });

  app.post('/codes/:id/clicks', async (request, reply) => {
    await enforceLimit(
      limiter,
      `clicks:ip:${ipKey(request.ip)}`,
      CLICK_LIMIT.perIp,
      CLICK_LIMIT.windowMs,
      config.rateLimitScale,
    );
    const outcome = await recordClick(clickRecorder, {
      codeId: codeIdParam(request),
      ip: request.ip,
      userAgent: request.headers['user-agent'],
      secret: config.sessionSecret,
    });
    if (outcome === 'not-found') throw codeNotFound();
    // Bots and repeats are answered like any copy; `counted` says whether this one was stored.
    return reply.status(202).send({ counted: outcome === 'counted' });
  });
}
