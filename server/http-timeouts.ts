import type { ServerOptions } from 'node:http';
import type { Config } from './config.ts';

/**
 * Node's HTTP server options that cut slow clients off. Fastify's own `requestTimeout` defaults to
 * 0 (never), so a client dripping a body held its connection for ever; Node also checks the
 * request and headers timeouts only every `connectionsCheckingInterval` (30 s by default), which
 * Fastify does not pass through, hence `http` options for the server it creates.
 */
export function httpServerOptions(config: Config): ServerOptions {
  const shortest = Math.min(config.requestTimeoutMs, config.headersTimeoutMs);
  return {
    requestTimeout: config.requestTimeoutMs,
    headersTimeout: config.headersTimeoutMs,
    keepAliveTimeout: config.keepAliveTimeoutMs,
    // A quarter of the shortest timeout, at most 1 s: a slow client is cut within 1 s of its
    // deadline (10% of the default 10 s headers timeout); walking the connection list is cheap.
    connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(shortest / 4))),
  };
}
