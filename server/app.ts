import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { constants as zlib } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import type { AppDeps } from './app-deps.ts';
import type { Config } from './config.ts';
import { createDatabase, type Database } from './db/database.ts';
import { accountRoutes } from './features/account/account.routes.ts';
import { isAdmin } from './features/admin/admin.repository.ts';
import { adminRoutes } from './features/admin/admin.routes.ts';
import { apiTokensRoutes } from './features/api-tokens/api-tokens.routes.ts';
import { registerBearerAuth } from './features/api-tokens/bearer-auth.ts';
import { authRoutes } from './features/auth/auth.routes.ts';
import { codesRoutes } from './features/codes/codes.routes.ts';
import { crawlersRoutes } from './features/crawlers/crawlers.routes.ts';
import { discoveryRoutes } from './features/discovery/discovery.routes.ts';
import { DiscoveryService } from './features/discovery/discovery.service.ts';
import { healthRoutes } from './features/health/health.routes.ts';
import { logosRoutes } from './features/logos/logos.routes.ts';
import { startAdminNoticeJob } from './features/moderation/admin-notice.ts';
import { moderationRoutes } from './features/moderation/moderation.routes.ts';
import { ownerMailRoutes, unsubscribeRoutes } from './features/owner-mail/owner-mail.routes.ts';
import { ownerMailNotifier } from './features/owner-mail/owner-mail.ts';
import { passkeysRoutes } from './features/passkeys/passkeys.routes.ts';
import { profileIdentityRoutes } from './features/profile-identity/identity.routes.ts';
import { profilesRoutes } from './features/profiles/profiles.routes.ts';
import { PublicProfiles } from './features/profiles/public-profiles.ts';
import { serviceRequestsRoutes } from './features/service-requests/service-requests.routes.ts';
import { linkHostsRoutes } from './features/services/link-hosts.routes.ts';
import { servicesRoutes } from './features/services/services.routes.ts';
import { sessionsRoutes } from './features/sessions/sessions.routes.ts';
import { shareImagesRoutes } from './features/share-images/share-images.routes.ts';
import { createFastReads, type FastReads } from './http/fast-reads.ts';
import { createForegroundWork } from './http/foreground-work.ts';
import { httpServerOptions } from './http-timeouts.ts';
import { JOBS } from './jobs/registry.ts';
import { startJobRunner } from './jobs/runner.ts';
import { loggerOptions, OneLinePerRequest } from './logger.ts';
import { createMailer } from './mail/mailer.ts';
import { createOutbox } from './mail/outbox.ts';
import { registerCsrfProtection } from './plugins/csrf.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { openApiRoutes, registerOpenApi } from './plugins/openapi.ts';
import {
  createMemoryRateLimiter,
  createRedisRateLimiter,
  type RateLimiter,
} from './plugins/rate-limiter.ts';
import { registerRouteRules } from './plugins/route-rules.ts';
import {
  computeSecurityHeaders,
  helmetOptions,
  registerSecurityHeaders,
} from './plugins/security-headers.ts';
import { registerSessions } from './plugins/session.ts';
import { registerWebApp } from './plugins/web-app.ts';

/** 64 KB: no legitimate JSON body comes near it. */
export const BODY_LIMIT_BYTES = 64 * 1024;

export interface BuildOptions {
  /** An open, migrated database; when omitted one is opened from config and closed with the app. */
  database?: Database;
  limiter?: RateLimiter;
  /** Sees every route as it is registered (the security suite lists the /api routes with it). */
  onRoute?: (route: RouteOptions) => void;
  /** Where log lines go (default stdout); tests read them to prove what is never logged. */
  logStream?: { write(line: string): void };
  /**
   * False: no scheduled jobs on this app (decision 109). For suites that compare database
   * snapshots, where a job's write between two snapshots would be taken for the request's.
   */
  scheduledJobs?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function createLimiter(config: Config): RateLimiter {
  if (!config.redisUrl) return createMemoryRateLimiter();
  return createRedisRateLimiter(new Redis(config.redisUrl, { maxRetriesPerRequest: 2 }));
}

/** The app factory: external plugins, then our plugins, then the feature routes. */
export async function buildApp(
  config: Config,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  // Set once the app is built; until then (and while it closes) Fastify answers everything.
  let fastReads: FastReads | undefined;
  const app = Fastify({
    logger: loggerOptions(config, options.logStream),
    logController: new OneLinePerRequest(),
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
    requestIdHeader: false,
    genReqId: () => randomUUID(),
    routerOptions: { ignoreTrailingSlash: true },
    requestTimeout: config.requestTimeoutMs,
    keepAliveTimeout: config.keepAliveTimeoutMs,
    // Fastify's own HTTP/1 server, with the cached public reads asked first (decision 117).
    serverFactory: (handler) => {
      const server = http.createServer(httpServerOptions(config), (request, response) => {
        if (!fastReads?.serve(request, response)) handler(request, response);
      });
      server.keepAliveTimeout = config.keepAliveTimeoutMs;
      server.requestTimeout = config.requestTimeoutMs;
      return server;
    },
  });
  const securityHeaders = computeSecurityHeaders(helmetOptions(config));
  const reads = createFastReads({
    securityHeaders,
    trustProxy: config.trustProxy,
    genReqId: () => randomUUID(),
    log: app.log,
  });
  app.addHook('onReady', (done) => {
    fastReads = reads;
    done();
  });
  app.addHook('preClose', (done) => {
    reads.stop();
    done();
  });

  if (options.onRoute) app.addHook('onRoute', options.onRoute);

  const database = options.database ?? createDatabase(config.database);
  const limiter = options.limiter ?? createLimiter(config);
  const mailer = createMailer(config);
  const outbox = createOutbox(database, mailer, app.log);
  // Public answers are cached until a change is pushed (decision 099).
  const changes = database.changes(app.log);
  const deps: AppDeps = {
    config,
    database,
    db: database.db,
    limiter,
    mailer,
    outbox,
    discovery: new DiscoveryService(database.db, changes, {
      cacheBytes: config.cacheBytes.listings,
      probationDays: config.listingProbationDays,
    }),
    profiles: new PublicProfiles(database.db, changes, config.cacheBytes.profiles),
    fastReads: reads,
    foregroundWork: createForegroundWork(),
  };
  app.decorate('deps', deps);
  let stopJobs: (() => Promise<void>) | undefined;
  app.addHook('onClose', async () => {
    // Runs under way end, then mails under way (a review's notice, the queue's sends) go out before the database closes.
    await stopJobs?.();
    await outbox.drain();
    await mailer.close();
    if (!options.limiter) await limiter.close();
    if (!options.database) await database.close();
  });
  // The request id and the security headers, set when the request arrives: every answer has them.
  registerSecurityHeaders(app, securityHeaders);
  await app.register(fastifyCookie);
  // A route that takes no body has nothing to decompress: no decompression hooks on it (they cost
  // two hook runs on every public read; decision 117). Before the plugin's own onRoute hook.
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (route.decompress === undefined && methods.every((method) => READ_METHODS.has(method))) {
      route.decompress = false;
    }
  });
  // JSON and other text answers go out compressed; pages and built assets come compressed already
  // (they carry Content-Encoding, which this leaves alone). Dynamic answers use a fast level. A
  // profile's JSON sends the compressed copies its cache entry keeps (`compress: false` on it).
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });

  // Every route declares its input and answers with the shared zod schemas (CONTRIBUTING.md):
  // they validate, type the handler, serialise, and make the OpenAPI document.
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerSessions(app, config, database.db);
  // A write is answered once this instance has heard the changes it made, so the next public read
  // here shows them (decision 099). Copies, the frequent write, change no public answer.
  // A callback hook: a read passes without a promise (decision 117).
  app.addHook('onSend', (request, reply, payload, done) => {
    const waits =
      !READ_METHODS.has(request.method) &&
      reply.statusCode < 400 &&
      !request.routeOptions.config.publicAnswersUnchanged;
    if (!waits) return done(null, payload);
    changes.settle().then(() => done(null, payload), done);
  });
  registerRouteRules(app, deps, (userId) => isAdmin(database.db, userId));
  await registerOpenApi(app, config);

  await app.register(healthRoutes, { database });
  // The one-click unsubscribe (RFC 8058): outside /api, without CSRF token or session (decision 110).
  await app.register(unsubscribeRoutes, deps);
  await crawlersRoutes(app, deps);
  await app.register(
    async (api) => {
      // A bearer request is its API token's, on the routes its scopes allow (decision 107); it
      // carries no cookie, so the CSRF check after it lets it through.
      registerBearerAuth(api, deps);
      // Inside the scope: the check applies to every /api route, however its path was spelled.
      registerCsrfProtection(api, config.appOrigin);
      await authRoutes(api, deps);
      await accountRoutes(api, deps);
      await sessionsRoutes(api, deps);
      await apiTokensRoutes(api, deps);
      await codesRoutes(api, deps);
      await discoveryRoutes(api, deps, deps.discovery);
      await profilesRoutes(api, deps);
      await profileIdentityRoutes(api, deps);
      await servicesRoutes(api, deps);
      await linkHostsRoutes(api, deps);
      await serviceRequestsRoutes(api, deps);
      await logosRoutes(api, deps);
      await adminRoutes(api, deps);
      await moderationRoutes(api, deps);
      await ownerMailRoutes(api, deps);
      await passkeysRoutes(api, deps);
      await shareImagesRoutes(api, deps);
      await openApiRoutes(api);
    },
    { prefix: '/api' },
  );
  await registerWebApp(app, deps);
  // Scheduled jobs (decision 109): retention, reminders, the weekly summary, the mail queue,
  // link health; their owner events become queued owner mails (decision 110).
  const runsJobs = options.scheduledJobs !== false && config.scheduledJobs;
  const jobs = startJobRunner(runsJobs ? JOBS : [], {
    database,
    config,
    log: app.log,
    notifyOwner: ownerMailNotifier({ db: database.db, config, now: Date.now, queue: outbox.queue }),
  });
  stopJobs = () => jobs.stop();
  // New reports that arrived within the hour after the admins' last notice (decision 095).
  const notice = startAdminNoticeJob({
    db: database.db,
    outbox,
    appUrl: config.appUrl,
    log: app.log,
  });
  app.addHook('onClose', async () => notice.stop());
  return app;
}
