import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import type { DB } from '../../db/schema.ts';
import { createSession, deleteSession, setSessionCookie } from '../../plugins/session.ts';
import { deviceName } from '../sessions/device-name.ts';

/**
 * Every sign-in ends here (the e-mail link and a passkey alike): a new session at every sign-in,
 * and one the browser still held is ended. The session keeps the device in words (decision 107).
 */
export async function startFreshSession(
  deps: { db: Kysely<DB>; config: Config },
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
): Promise<void> {
  const previous = await request.getAuth();
  if (previous) await deleteSession(deps.db, previous.sessionHash);
  setSessionCookie(
    reply,
    deps.config,
    await createSession(deps.db, userId, deviceName(request.headers['user-agent'])),
  );
  reply.header('cache-control', 'no-store');
}
