import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config.ts';

/** helmet's options: the strict CSP of decisions.md, HSTS only over https. */
export function helmetOptions(config: Pick<Config, 'isHttps'>): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(config.isHttps ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: config.isHttps
      ? { maxAge: 31_536_000, includeSubDomains: true }
      : false,
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
  };
}

/**
 * Runs helmet once, at startup, and records the headers it sets. Our headers are the same for
 * every response (no per-request nonces), and @fastify/helmet rebuilt helmet's middleware,
 * re-parsing the CSP, on every request: a measurable share of a profile read.
 */
export function computeSecurityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)(
    {} as IncomingMessage,
    response as unknown as ServerResponse,
    (error?: unknown) => {
      failure = error;
    },
  );
  if (failure) throw failure;
  return headers;
}

/**
 * Sends the request id and helmet's headers on every response, including errors and the SPA: one
 * callback hook, no promise per request.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  headers: Readonly<Record<string, string>>,
): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    reply.headers(headers);
    done();
  });
}
