import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isUuid } from '../../../shared/public-paths.ts';
import {
  createdTokenSchema,
  createTokenSchema,
  TOKEN_MESSAGES,
  tokenListSchema,
} from '../../../shared/token-schemas.ts';
import type { AppDeps } from '../../app-deps.ts';
import { errors } from '../../errors.ts';
import { answers, jsonBody, noContent } from '../../http/route-schemas.ts';
import type { RateRule } from '../../plugins/route-rules.ts';
import { currentUser } from '../../plugins/session.ts';
import { presentApiToken } from './api-tokens.presenter.ts';
import { listApiTokens } from './api-tokens.repository.ts';
import { createApiToken, revokeApiToken } from './api-tokens.service.ts';

/** Creating and revoking tokens: a person clicks these; 30 a minute is plenty. */
export const TOKEN_WRITE_LIMIT = {
  name: 'api-tokens:write',
  per: 'user',
  limit: 30,
  windowMs: 60_000,
} as const satisfies RateRule;

const tokenNotFound = () => errors.notFound(TOKEN_MESSAGES.notFound);
const tokenParams = z.object({
  id: z
    .string()
    .refine(isUuid)
    .transform((id) => id.toLowerCase()),
});

/**
 * /api/me/tokens: the owner's personal API tokens (decision 107); bearer-auth.ts lets a token
 * call the routes its scopes allow. None of these routes takes a token itself (no `tokenScope`):
 * a token cannot make, list or revoke tokens.
 */
export async function apiTokensRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/me/tokens',
    {
      config: { auth: 'user' },
      schema: {
        summary: 'My personal API tokens (names, scopes and dates; never the secret)',
        response: answers({ 200: tokenListSchema }),
      },
    },
    async (request, reply) => {
      const user = await currentUser(request);
      reply.header('cache-control', 'no-store');
      return { tokens: (await listApiTokens(deps.db, user.id)).map(presentApiToken) };
    },
  );

  api.post(
    '/me/tokens',
    {
      config: { auth: 'user', rateLimits: [TOKEN_WRITE_LIMIT] },
      schema: {
        summary: 'Create a personal API token; its secret is in this answer only',
        body: jsonBody(createTokenSchema),
        response: answers({ 201: createdTokenSchema }),
      },
    },
    async (request, reply) => {
      const user = await currentUser(request);
      const created = await createApiToken(deps.database, user.id, request.body, Date.now());
      reply.header('cache-control', 'no-store');
      return reply.status(201).send(created);
    },
  );

  api.delete(
    '/me/tokens/:id',
    {
      config: { auth: 'user', rateLimits: [TOKEN_WRITE_LIMIT], notFound: tokenNotFound },
      schema: {
        summary: 'Revoke a personal API token (at once, on every instance)',
        params: tokenParams,
        response: answers({ 204: noContent }),
      },
    },
    async (request, reply) => {
      const user = await currentUser(request);
      await revokeApiToken(deps.db, user.id, request.params.id);
      return reply.status(204).send();
    },
  );
}
