import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { meSchema } from '../../../shared/auth-schemas.ts';
import {
  authenticationVerifySchema,
  PASSKEY_MESSAGES,
  passkeySchema,
  registrationVerifySchema,
  renamePasskeySchema,
} from '../../../shared/passkey-schemas.ts';
import type { AppDeps } from '../../app-deps.ts';
import { errors } from '../../errors.ts';
import { answers, codeIdSchema, jsonBody, noContent } from '../../http/route-schemas.ts';
import type { RateRule } from '../../plugins/route-rules.ts';
import { currentUser } from '../../plugins/session.ts';
import { isAdmin } from '../admin/admin.repository.ts';
import { startFreshSession } from '../auth/fresh-session.ts';
import { presentMe } from '../auth/me.presenter.ts';
import { presentPasskey } from './passkey.presenter.ts';
import { sendPasskeyMail } from './passkey-mail.ts';
import { deletePasskey, listPasskeys, renamePasskey } from './passkeys.repository.ts';
import {
  authenticationOptions,
  registrationOptions,
  verifyAuthentication,
  verifyRegistration,
} from './passkeys.service.ts';
import { clearPreAuthCookie, preAuthBinding, readPreAuthBinding } from './pre-auth-cookie.ts';
import { relyingParty } from './relying-party.ts';
import { signInPasskeyUser } from './sign-in-user.ts';

const MINUTE = 60_000;

/** The passkey routes' limits (decision 105). */
export const PASSKEY_LIMITS_PER_ROUTE = {
  /** Adding passkeys: options and verification together, per user. */
  register: { name: 'passkeys:register', per: 'user', limit: 30, windowMs: 60 * MINUTE },
  /** Renames and removals, per user. */
  write: { name: 'passkeys:write', per: 'user', limit: 60, windowMs: MINUTE },
  /** Sign-in options: the sign-in screen asks once per visit (autofill), per IP. */
  signInOptions: { name: 'passkeys:sign-in-options', per: 'ip', limit: 60, windowMs: 15 * MINUTE },
  /** Sign-in completions, per IP: as many as the e-mail link's (30 per 15 minutes). */
  signIn: { name: 'passkeys:sign-in', per: 'ip', limit: 30, windowMs: 15 * MINUTE },
} as const satisfies Record<string, RateRule>;

const passkeyNotFound = () => errors.notFound(PASSKEY_MESSAGES.notFound);
const passkeyParams = z.object({ id: codeIdSchema });

const descriptorSchema = z.object({
  id: z.string(),
  type: z.string(),
  transports: z.array(z.string()).optional(),
});

/** WebAuthn's creation options as SimpleWebAuthn makes them, handed to the browser whole. */
const creationOptionsSchema = z.object({
  challenge: z.string(),
  rp: z.object({ name: z.string(), id: z.string().optional() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  pubKeyCredParams: z.array(z.object({ alg: z.number(), type: z.string() })),
  timeout: z.number().optional(),
  excludeCredentials: z.array(descriptorSchema).optional(),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
      requireResidentKey: z.boolean().optional(),
      residentKey: z.enum(['discouraged', 'preferred', 'required']).optional(),
      userVerification: z.enum(['discouraged', 'preferred', 'required']).optional(),
    })
    .optional(),
  hints: z.array(z.enum(['hybrid', 'security-key', 'client-device'])).optional(),
  attestation: z.enum(['direct', 'enterprise', 'indirect', 'none']).optional(),
  attestationFormats: z.array(z.string()).optional(),
  /** credProps: the browser says whether the passkey is discoverable. */
  extensions: z.object({ credProps: z.boolean().optional() }).optional(),
});

/** WebAuthn's request options (sign-in), as SimpleWebAuthn makes them. */
const requestOptionsSchema = z.object({
  challenge: z.string(),
  timeout: z.number().optional(),
  rpId: z.string().optional(),
  allowCredentials: z.array(descriptorSchema).optional(),
  userVerification: z.enum(['discouraged', 'preferred', 'required']).optional(),
  hints: z.array(z.enum(['hybrid', 'security-key', 'client-device'])).optional(),
});

/**
 * Passkeys (issue 27, decision 105): the owner adds, lists, renames and removes theirs under
 * /api/me/passkeys; anyone signs in with one under /api/auth/passkey. The relying party comes
 * from APP_URL (relying-party.ts), never from the request.
 */
export async function passkeysRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const { db, config } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const rp = relyingParty(config);
  const settingsUrl = `${config.appUrl}/settings`;
  const owner = { auth: 'user', notFound: passkeyNotFound } as const;

  api.get(
    '/me/passkeys',
    {
      config: owner,
      schema: {
        summary: "The signed-in user's passkeys (names and dates, never keys)",
        response: answers({ 200: z.object({ passkeys: z.array(passkeySchema) }) }),
      },
    },
    async (request, reply) => {
      const user = await currentUser(request);
      reply.header('cache-control', 'no-store');
      return { passkeys: (await listPasskeys(db, user.id)).map(presentPasskey) };
    },
  );

  api.post(
    '/me/passkeys/registration/options',
    {
      config: { ...owner, rateLimits: [PASSKEY_LIMITS_PER_ROUTE.register] },
      schema: {
        summary:
          'Start adding a passkey: WebAuthn creation options, with a challenge for this session (5 minutes, once)',
        response: answers({ 200: creationOptionsSchema }),
      },
    },
    async (request, reply) => {
      const auth = await request.getAuth();
      if (!auth) throw errors.unauthenticated();
      reply.header('cache-control', 'no-store');
      return registrationOptions(db, rp, auth.user, auth.sessionHash, Date.now());
    },
  );

  api.post(
    '/me/passkeys/registration/verify',
    {
      config: { ...owner, rateLimits: [PASSKEY_LIMITS_PER_ROUTE.register] },
      schema: {
        summary: "Finish adding a passkey with the browser's answer; the owner is e-mailed",
        body: jsonBody(registrationVerifySchema),
        response: answers({ 201: z.object({ passkey: passkeySchema }) }),
      },
    },
    async (request, reply) => {
      const auth = await request.getAuth();
      if (!auth) throw errors.unauthenticated();
      const now = Date.now();
      const row = await verifyRegistration(
        db,
        rp,
        { userId: auth.user.id, sessionHash: auth.sessionHash, response: request.body.response },
        request.log,
        now,
      );
      await sendPasskeyMail(deps.mailer, request.log, auth.user.email, 'added', {
        name: row.name,
        at: row.created_at,
        settingsUrl,
      });
      return reply.status(201).send({ passkey: presentPasskey(row) });
    },
  );

  api.patch(
    '/me/passkeys/:id',
    {
      config: { ...owner, rateLimits: [PASSKEY_LIMITS_PER_ROUTE.write] },
      schema: {
        summary: 'Rename a passkey',
        params: passkeyParams,
        body: jsonBody(renamePasskeySchema),
        response: answers({ 200: z.object({ passkey: passkeySchema }) }),
      },
    },
    async (request) => {
      const user = await currentUser(request);
      const row = await renamePasskey(db, user.id, request.params.id, request.body.name);
      if (!row) throw passkeyNotFound();
      return { passkey: presentPasskey(row) };
    },
  );

  api.delete(
    '/me/passkeys/:id',
    {
      config: { ...owner, rateLimits: [PASSKEY_LIMITS_PER_ROUTE.write] },
      schema: {
        summary:
          'Remove a passkey (the last one too: the e-mail link remains); the owner is e-mailed',
        params: passkeyParams,
        response: answers({ 204: noContent }),
      },
    },
    async (request, reply) => {
      const user = await currentUser(request);
      const removed = await deletePasskey(db, user.id, request.params.id);
      if (!removed) throw passkeyNotFound();
      await sendPasskeyMail(deps.mailer, request.log, user.email, 'removed', {
        name: removed.name,
        at: new Date().toISOString(),
        settingsUrl,
      });
      return reply.status(204).send();
    },
  );

  api.post(
    '/auth/passkey/options',
    {
      config: { rateLimits: [PASSKEY_LIMITS_PER_ROUTE.signInOptions] },
      schema: {
        summary:
          'Start signing in with a passkey: WebAuthn request options, with a challenge bound to this browser (5 minutes, once)',
        response: answers({ 200: requestOptionsSchema }),
      },
    },
    async (request, reply) => {
      const binding = preAuthBinding(request, reply, config);
      reply.header('cache-control', 'no-store');
      return authenticationOptions(db, rp, binding, Date.now());
    },
  );

  api.post(
    '/auth/passkey/verify',
    {
      config: { rateLimits: [PASSKEY_LIMITS_PER_ROUTE.signIn] },
      schema: {
        summary:
          "Sign in with the browser's passkey answer; starts a fresh session like the e-mail link",
        body: jsonBody(authenticationVerifySchema),
        response: answers({ 200: z.object({ user: meSchema, isNewUser: z.boolean() }) }),
      },
    },
    async (request, reply) => {
      const now = Date.now();
      const bindingHash = readPreAuthBinding(request, config) ?? '';
      const { userId } = await verifyAuthentication(
        db,
        rp,
        { bindingHash, response: request.body.response },
        request.log,
        now,
      );
      const user = await signInPasskeyUser(db, userId, now);
      clearPreAuthCookie(reply, config);
      await startFreshSession(deps, request, reply, user.id);
      const me = presentMe(user, await isAdmin(db, user.id), config.listingProbationDays);
      return { user: me, isNewUser: user.username === null };
    },
  );
}
