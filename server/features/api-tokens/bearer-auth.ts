import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { TOKEN_MESSAGES } from '../../../shared/token-schemas.ts';
import type { AppDeps } from '../../app-deps.ts';
import { errors } from '../../errors.ts';
import { countHit, type RateRule } from '../../plugins/route-rules.ts';
import { sessionCookieName } from '../../plugins/session.ts';
import { authenticateToken } from './api-tokens.service.ts';

/** Every request a token makes, on any route, per token: room for a script, not a flood. */
export const TOKEN_REQUEST_LIMIT = {
  name: 'api-token',
  per: (request: FastifyRequest) => `token:${request.apiToken?.id ?? 'none'}`,
  limit: 300,
  windowMs: 60_000,
} as const satisfies RateRule;

/** The secret of an `Authorization: Bearer …` header; undefined for no header or another scheme. */
export function bearerSecret(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer[ \t]+(\S*)[ \t]*$/i.exec(header);
  if (match) return match[1] ?? '';
  return /^Bearer$/i.test(header.trim()) ? '' : undefined;
}

function refuse(reply: FastifyReply, error: string, scope?: string): void {
  const parts = [`realm="refstash"`, `error="${error}"`];
  if (scope) parts.push(`scope="${scope}"`);
  reply.header('www-authenticate', `Bearer ${parts.join(', ')}`);
}

/**
 * Personal API tokens (decision 107): a request with `Authorization: Bearer rs_…` is the token's
 * owner, on the routes whose `config.tokenScope` the token holds, and nowhere else. It carries no
 * cookie (both together: 400), so the CSRF check, which guards cookies, does not apply to it.
 * Register on the /api scope before the CSRF check; it sets `request.apiToken`, which the CSRF
 * check, `currentUser` and the per-user limits read.
 */
export function registerBearerAuth(api: FastifyInstance, deps: AppDeps): void {
  const cookieName = sessionCookieName(deps.config);
  const authenticate = async (request: FastifyRequest, reply: FastifyReply, secret: string) => {
    if (request.cookies[cookieName] !== undefined) {
      throw errors.badRequest(TOKEN_MESSAGES.cookieAndBearer);
    }
    const scope = request.routeOptions.config.tokenScope;
    if (!scope) {
      refuse(reply, 'insufficient_scope');
      throw errors.forbidden(TOKEN_MESSAGES.notAccepted);
    }
    const caller = await authenticateToken(deps.db, secret, Date.now());
    if (!caller) {
      refuse(reply, 'invalid_token');
      throw errors.unauthenticated(TOKEN_MESSAGES.invalid);
    }
    if (!caller.scopes.includes(scope)) {
      refuse(reply, 'insufficient_scope', scope);
      throw errors.forbidden(TOKEN_MESSAGES.missingScope(scope));
    }
    request.apiToken = caller;
    await countHit(deps, TOKEN_REQUEST_LIMIT, request);
  };
  // A callback hook: the requests without a bearer header (nearly all) pass without a promise.
  api.addHook('onRequest', (request, reply, done) => {
    const secret = bearerSecret(request);
    if (secret === undefined) return done();
    authenticate(request, reply, secret).then(() => done(), done);
  });
}
