import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  preHandlerHookHandler,
} from 'fastify';
import type { TokenScope } from '../../shared/token-schemas.ts';
import type { AppDeps } from '../app-deps.ts';
import type { AppError } from '../errors.ts';
import { errors } from '../errors.ts';
import { enforceLimit, ipKey } from './rate-limiter.ts';
import { clearSignedInHint, currentUser } from './session.ts';

/** Who may call a route: any signed-in user, or only admins (403 with the action's message). */
export type RouteAuth = 'user' | { admin: string };

/**
 * One rate limit of a route. `per` says whose hits count together: the client's address (its /64
 * for IPv6), the signed-in user, or a key taken from the validated request (an e-mail's hash).
 * The first two are counted before the input is checked, so refused input counts too; a key from
 * the input is counted after.
 */
export interface RateRule {
  /** Names the counter; `name:ip:…`, `name:user:…` or `name:…`. */
  name: string;
  limit: number;
  windowMs: number;
  per: 'ip' | 'user' | ((request: FastifyRequest) => string);
}

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: RouteAuth;
    rateLimits?: readonly RateRule[];
    /** The 404 a route answers when a path parameter cannot name anything (schema refused it). */
    notFound?: () => AppError;
    /** A write that changes no public answer (a copy): it does not wait for the change feed. */
    publicAnswersUnchanged?: true;
    /**
     * The scope an API token needs to call this route (decision 107). A route without one refuses
     * every bearer request: tokens reach only what is listed, never admin, account, token,
     * session or passkey routes.
     */
    tokenScope?: TokenScope;
    /** The 413's message when the body is over the route's `bodyLimit` (the spec's text). */
    tooLargeMessage?: string;
    /** The body is bytes (image/* or application/octet-stream), not JSON (server/plugins/csrf.ts). */
    bytesBody?: true;
  }
}

type Hook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

async function keyOf(rule: RateRule, request: FastifyRequest): Promise<string> {
  if (rule.per === 'ip') return `ip:${ipKey(request.ip)}`;
  // A token's requests count under the token, apart from the owner's browser (decision 107).
  if (rule.per === 'user' && request.apiToken) return `token:${request.apiToken.id}`;
  if (rule.per === 'user') return `user:${(await currentUser(request)).id}`;
  return rule.per(request);
}

/**
 * Counts one hit of `rule` for this request; 429 past the limit. Routes declare their rules in
 * `config.rateLimits` and never call this; it is for a limit that counts only some of a route's
 * requests (the logo fetcher counts only those that reach the network).
 */
export async function countHit(
  { config, limiter }: Pick<AppDeps, 'config' | 'limiter'>,
  rule: RateRule,
  request: FastifyRequest,
): Promise<void> {
  const key = `${rule.name}:${await keyOf(rule, request)}`;
  await enforceLimit(limiter, key, rule.limit, rule.windowMs, config.rateLimitScale);
}

function asList<T>(value: T | T[] | undefined): T[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/**
 * Turns each route's declared `config.auth` and `config.rateLimits` into its hooks, so a route
 * states who may call it and how often in one place and no handler checks either itself. Register
 * before the routes (an `onRoute` hook sees only routes added after it).
 */
export function registerRouteRules(
  app: FastifyInstance,
  deps: AppDeps,
  isAdmin: (userId: string) => Promise<boolean>,
): void {
  const { config } = deps;

  const signedIn: Hook = async (request, reply) => {
    if (request.apiToken || (await request.getAuth())) return;
    // A hint cookie left by a session that ended (expired, signed out elsewhere) goes with it.
    clearSignedInHint(reply, config);
    throw errors.unauthenticated();
  };
  const adminOnly =
    (forbiddenMessage: string): Hook =>
    async (request, reply) => {
      await signedIn(request, reply);
      const user = await currentUser(request);
      if (!(await isAdmin(user.id))) throw errors.forbidden(forbiddenMessage);
    };

  const limits =
    (rules: readonly RateRule[]): Hook =>
    async (request) => {
      for (const rule of rules) await countHit(deps, rule, request);
    };

  app.addHook('onRoute', (route) => {
    const { auth, rateLimits = [], tokenScope } = route.config ?? {};
    // The OpenAPI document says who may call it: a session, or a token with the scope.
    if (auth && route.schema) {
      route.schema.security = tokenScope
        ? [{ session: [] }, { bearer: [tokenScope] }]
        : [{ session: [] }];
    }
    const before: Hook[] = [];
    if (auth) before.push(auth === 'user' ? signedIn : adminOnly(auth.admin));
    const early = rateLimits.filter((rule) => typeof rule.per === 'string');
    const late = rateLimits.filter((rule) => typeof rule.per === 'function');
    if (early.length > 0) before.push(limits(early));
    if (before.length > 0) {
      route.preValidation = [
        ...(before as onRequestHookHandler[]),
        ...asList(route.preValidation as onRequestHookHandler | onRequestHookHandler[]),
      ];
    }
    if (late.length > 0) {
      route.preHandler = [
        limits(late) as preHandlerHookHandler,
        ...asList(route.preHandler as preHandlerHookHandler | preHandlerHookHandler[]),
      ];
    }
  });
}
