import type { FastifyInstance } from 'fastify';
import {
  emailLinkRequestSchema,
  emailLinkVerifySchema,
  setUsernameSchema,
  usernameSchema,
} from '../../../shared/auth-schemas.ts';
import type { AppDeps } from '../../app-deps.ts';
import { errors, parseInput } from '../../errors.ts';
import { enforceLimit, ipKey } from '../../plugins/rate-limiter.ts';
import {
  clearSessionCookie,
  clearSignedInHint,
  createSession,
  currentUser,
  deleteSession,
  requireUser,
  setSessionCookie,
  sha256Hex,
} from '../../plugins/session.ts';
import { presentMe } from './me.presenter.ts';
import { completeSignIn, requestSignInLink } from './sign-in.service.ts';
import { createSignInMailer } from './sign-in-mailer.ts';
import { claimUsername, isUsernameAvailable } from './username.service.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The limits of decisions.md "Requesting a link". */
export const AUTH_LIMITS = Object.freeze({
  linkPerEmailMinute: 1,
  linkPerEmailHour: 5,
  linkPerIpHour: 20,
  verifyPerIp15Min: 30,
});

/** /api routes of the auth feature: e-mail link sign-in, sign-out, me and usernames. */
export async function authRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const { db, config, limiter } = deps;
  const scale = config.rateLimitScale;
  const mailer = createSignInMailer(config);
  app.addHook('onClose', async () => mailer.close());

  app.post('/auth/email-link', async (request, reply) => {
    await enforceLimit(
      limiter,
      `auth:link:ip:${ipKey(request.ip)}`,
      AUTH_LIMITS.linkPerIpHour,
      HOUR,
      scale,
    );
    const { email } = parseInput(emailLinkRequestSchema, request.body);
    // Counters are keyed by the address's hash so no address sits in the limiter's store.
    const emailKey = sha256Hex(email);
    await enforceLimit(
      limiter,
      `auth:link:email-min:${emailKey}`,
      AUTH_LIMITS.linkPerEmailMinute,
      MINUTE,
      scale,
    );
    await enforceLimit(
      limiter,
      `auth:link:email-hour:${emailKey}`,
      AUTH_LIMITS.linkPerEmailHour,
      HOUR,
      scale,
    );
    await requestSignInLink(db, mailer, request.log, { email, appUrl: config.appUrl });
    return reply.status(202).send({ sent: true });
  });

  app.post('/auth/email-link/verify', async (request, reply) => {
    await enforceLimit(
      limiter,
      `auth:verify:ip:${ipKey(request.ip)}`,
      AUTH_LIMITS.verifyPerIp15Min,
      15 * MINUTE,
      scale,
    );
    const input = parseInput(emailLinkVerifySchema, request.body);
    const { user, isNewUser } = await completeSignIn(db, input);
    // A new session at every sign-in; one the browser still held is ended.
    const previous = await request.getAuth();
    if (previous) await deleteSession(db, previous.sessionHash);
    setSessionCookie(reply, config, await createSession(db, user.id));
    reply.header('cache-control', 'no-store');
    return { user: await presentMe(db, user), isNewUser };
  });

  app.post('/auth/sign-out', async (request, reply) => {
    const auth = await request.getAuth();
    if (auth) await deleteSession(db, auth.sessionHash);
    clearSessionCookie(reply, config);
    return reply.status(204).send();
  });

  app.get('/me', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const auth = await request.getAuth();
    // A hint left from a session that ended (expired, signed out elsewhere) goes with it.
    if (!auth) {
      clearSignedInHint(reply, config);
      throw errors.unauthenticated();
    }
    return presentMe(db, auth.user);
  });

  app.put('/me/username', { preHandler: requireUser }, async (request) => {
    const { username } = parseInput(setUsernameSchema, request.body);
    const user = await currentUser(request);
    await claimUsername(db, user.id, username);
    return presentMe(db, { ...user, username });
  });

  app.get<{ Params: { name: string } }>('/usernames/:name', async (request) => {
    const username = parseInput(usernameSchema, request.params.name);
    return { available: await isUsernameAvailable(db, username) };
  });
}
