import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  emailLinkRequestSchema,
  emailLinkVerifySchema,
  meSchema,
  setUsernameSchema,
  usernameSchema,
} from '../../../shared/auth-schemas.ts';
import type { AppDeps } from '../../app-deps.ts';
import { answers, jsonBody, noContent } from '../../http/route-schemas.ts';
import type { RateRule } from '../../plugins/route-rules.ts';
import {
  type AuthUser,
  clearSessionCookie,
  currentUser,
  deleteSession,
  sha256Hex,
} from '../../plugins/session.ts';
import { isAdmin } from '../admin/admin.repository.ts';
import { startFreshSession } from './fresh-session.ts';
import { presentMe } from './me.presenter.ts';
import { completeSignIn, requestSignInLink } from './sign-in.service.ts';
import { signInMailer } from './sign-in-mailer.ts';
import { claimUsername, isUsernameAvailable } from './username.service.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Counters are keyed by the address's hash, so no address sits in the limiter's store. */
const byEmail = (request: FastifyRequest) => sha256Hex((request.body as { email: string }).email);

/** The limits of decisions.md "Requesting a link". */
export const AUTH_LIMITS = {
  linkPerIp: { name: 'auth:link', per: 'ip', limit: 20, windowMs: HOUR },
  linkPerEmailMinute: { name: 'auth:link:email-min', per: byEmail, limit: 1, windowMs: MINUTE },
  linkPerEmailHour: { name: 'auth:link:email-hour', per: byEmail, limit: 5, windowMs: HOUR },
  verifyPerIp: { name: 'auth:verify', per: 'ip', limit: 30, windowMs: 15 * MINUTE },
} as const satisfies Record<string, RateRule>;

/** /api routes of the auth feature: e-mail link sign-in, sign-out, me and usernames. */
export async function authRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const { db, config } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const mailer = signInMailer(deps.mailer);
  const me = async (user: AuthUser) =>
    presentMe(user, await isAdmin(db, user.id), config.listingProbationDays);

  api.post(
    '/auth/email-link',
    {
      config: {
        rateLimits: [
          AUTH_LIMITS.linkPerIp,
          AUTH_LIMITS.linkPerEmailMinute,
          AUTH_LIMITS.linkPerEmailHour,
        ],
      },
      schema: {
        summary: 'Send a sign-in link (answers alike for known and unknown addresses)',
        body: jsonBody(emailLinkRequestSchema),
        response: answers({ 202: z.object({ sent: z.literal(true) }) }),
      },
    },
    async (request, reply) => {
      const { email } = request.body;
      await requestSignInLink(db, mailer, request.log, { email, appUrl: config.appUrl });
      return reply.status(202).send({ sent: true });
    },
  );

  api.post(
    '/auth/email-link/verify',
    {
      config: { rateLimits: [AUTH_LIMITS.verifyPerIp] },
      schema: {
        summary: "Complete sign-in with the link's token; starts a session",
        body: jsonBody(emailLinkVerifySchema),
        response: answers({ 200: z.object({ user: meSchema, isNewUser: z.boolean() }) }),
      },
    },
    async (request, reply) => {
      const { user, isNewUser } = await completeSignIn(db, request.body);
      await startFreshSession(deps, request, reply, user.id);
      return { user: await me(user), isNewUser };
    },
  );

  api.post(
    '/auth/sign-out',
    { schema: { summary: 'End the session', response: answers({ 204: noContent }) } },
    async (request, reply) => {
      const auth = await request.getAuth();
      if (auth) await deleteSession(db, auth.sessionHash);
      clearSessionCookie(reply, config);
      return reply.status(204).send();
    },
  );

  api.get(
    '/me',
    {
      config: { auth: 'user', tokenScope: 'codes:read' },
      schema: { summary: 'The signed-in user', response: answers({ 200: meSchema }) },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return me(await currentUser(request));
    },
  );

  api.put(
    '/me/username',
    {
      config: { auth: 'user' },
      schema: {
        summary: 'Choose or change the username',
        body: jsonBody(setUsernameSchema),
        response: answers({ 200: meSchema }),
      },
    },
    async (request, reply) => {
      const user = await currentUser(request);
      const { username } = request.body;
      const usernameChangedAt = await claimUsername(deps.database, user.id, username, Date.now());
      reply.header('cache-control', 'no-store');
      return me({ ...user, username, usernameChangedAt });
    },
  );

  api.get(
    '/usernames/:name',
    {
      schema: {
        summary: 'Whether a username is free (the username step checks it live)',
        params: z.object({ name: usernameSchema }),
        response: answers({ 200: z.object({ available: z.boolean() }) }),
      },
    },
    async (request, reply) => {
      // A name held for the signed-in user (one they renamed away from) is theirs to take back:
      // the answer depends on the session, so no cache may keep it or hand it to someone else.
      reply.header('cache-control', 'private, no-store').header('vary', 'Cookie');
      const auth = await request.getAuth();
      const name = request.params.name;
      return { available: await isUsernameAvailable(db, name, Date.now(), auth?.user.id) };
    },
  );
}
