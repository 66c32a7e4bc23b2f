import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type DeviceSession,
  SESSION_MESSAGES,
  sessionIdSchema,
  sessionListSchema,
} from '../../../shared/session-schemas.ts';
import type { AppDeps } from '../../app-deps.ts';
import { errors } from '../../errors.ts';
import { answers, noContent } from '../../http/route-schemas.ts';
import type { RateRule } from '../../plugins/route-rules.ts';
import { clearSessionCookie, type currentUser } from '../../plugins/session.ts';
import {
  deleteOtherSessions,
  deleteSessionByPublicId,
  listLiveSessions,
  publicSessionId,
} from './sessions.repository.ts';

/** Signing sessions out: a person clicks these; 30 a minute is plenty. */
export const SESSION_WRITE_LIMIT = {
  name: 'sessions:write',
  per: 'user',
  limit: 30,
  windowMs: 60_000,
} as const satisfies RateRule;

const sessionNotFound = () => errors.notFound(SESSION_MESSAGES.notFound);

/**
 * /api/me/sessions: 'Where you're signed in' (decision 107). Sessions are looked up in the
 * database on every request (plugins/session.ts, no cache), so deleting a row here ends that
 * session on every instance at its next request. No route here takes an API token.
 */
export async function sessionsRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const { db, config } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const mine = { auth: 'user' } as const;
  const writes = { ...mine, rateLimits: [SESSION_WRITE_LIMIT] };

  /** The session of this request: `auth: 'user'` without `tokenScope` means a cookie's. */
  const ownSession = async (request: Parameters<typeof currentUser>[0]) => {
    const auth = await request.getAuth();
    if (!auth) throw errors.unauthenticated();
    return auth;
  };

  api.get(
    '/me/sessions',
    {
      config: mine,
      schema: {
        summary: "Where I'm signed in: each session's device and dates",
        response: answers({ 200: sessionListSchema }),
      },
    },
    async (request, reply) => {
      const auth = await ownSession(request);
      const rows = await listLiveSessions(db, auth.user.id, new Date().toISOString());
      const sessions: DeviceSession[] = rows.map((row) => ({
        id: publicSessionId(row.id_hash),
        device: row.device ?? SESSION_MESSAGES.unknownDevice,
        createdAt: row.created_at,
        lastSeenAt: row.last_seen_at ?? row.created_at,
        current: row.id_hash === auth.sessionHash,
      }));
      // This device first, then the most recently seen.
      sessions.sort(
        (a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt.localeCompare(a.lastSeenAt),
      );
      reply.header('cache-control', 'no-store');
      return { sessions };
    },
  );

  api.delete(
    '/me/sessions/:id',
    {
      config: { ...writes, notFound: sessionNotFound },
      schema: {
        summary: 'Sign one session out (this one too, which clears its cookie)',
        params: z.object({ id: sessionIdSchema }),
        response: answers({ 204: noContent }),
      },
    },
    async (request, reply) => {
      const auth = await ownSession(request);
      const { id } = request.params;
      if (!(await deleteSessionByPublicId(db, auth.user.id, id))) throw sessionNotFound();
      if (id === publicSessionId(auth.sessionHash)) clearSessionCookie(reply, config);
      return reply.status(204).send();
    },
  );

  api.post(
    '/me/sessions/sign-out-others',
    {
      config: writes,
      schema: {
        summary: 'Sign out everywhere else: every session but this one',
        response: answers({ 200: z.object({ signedOut: z.number().int() }) }),
      },
    },
    async (request) => {
      const auth = await ownSession(request);
      return { signedOut: await deleteOtherSessions(db, auth.user.id, auth.sessionHash) };
    },
  );
}
