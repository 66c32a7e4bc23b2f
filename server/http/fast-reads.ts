import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyBaseLogger } from 'fastify';
import { writeAccessLine } from '../logger.ts';

/**
 * Cached public reads answered before Fastify (decision 117).
 *
 * A read of a cached profile (`GET /api/profiles/:username`, `GET /:username`) needs no hook,
 * parser or route: its answer is ready bytes, kept until the change feed drops it (decision 099).
 * Run through Fastify it cost ~95 µs of CPU against ~33 µs for a bare Fastify sending the same
 * bytes; most of the difference was the framework's per-request machinery (request and reply
 * objects, eight hook runs, promises), not our code. The server's request listener asks each fast
 * route first; a route answers only from what is cached, and only in the plain case (no query, no
 * cookie or Authorization header, a canonical path). Anything else, and every miss, goes to
 * Fastify as before. The answer is the one Fastify would send: the same request id, security
 * headers, route headers and body (the routes build them with the same functions), and the same
 * access log line. `fast-reads.test.ts` compares the two, header by header.
 */
export interface FastAnswer {
  readonly status: number;
  /** The answer's own headers (lowercase names); the request id and security headers come first. */
  readonly headers: Readonly<Record<string, string>>;
  /** No body: a 304. A HEAD request gets the headers alone. */
  readonly body?: Buffer;
  /** Runs once the answer is sent (a page view is counted then, as the Fastify route does). */
  readonly sent?: () => void;
}

/** What a fast route sees of a request. */
export interface FastRequest {
  readonly method: 'GET' | 'HEAD';
  /** The path, without a query (a request with one is not a fast read). */
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  /** The client's address, as `request.ip` is in Fastify (`TRUST_PROXY` included). */
  ip(): string;
}

/** The answer from the cache, or undefined: Fastify then handles the request. */
export type FastRoute = (request: FastRequest) => FastAnswer | undefined;

export interface FastReads {
  add(route: FastRoute): void;
  /** True when the request was answered here. */
  serve(request: IncomingMessage, response: ServerResponse): boolean;
  /** From now on every request goes to Fastify (it answers while the app closes). */
  stop(): void;
  /** Requests answered here (tests). */
  readonly served: number;
}

export interface FastReadsOptions {
  /** Helmet's headers, as every Fastify answer has them (server/plugins/security-headers.ts). */
  securityHeaders: Readonly<Record<string, string>>;
  trustProxy: boolean;
  genReqId: () => string;
  log: FastifyBaseLogger;
}

const trustAll = () => true;

export function createFastReads(options: FastReadsOptions): FastReads {
  const { genReqId, log, trustProxy } = options;
  const security = Object.entries(options.securityHeaders).flat();
  const routes: FastRoute[] = [];
  let stopped = false;
  let served = 0;

  function answerOf(request: IncomingMessage): FastAnswer | undefined {
    const { method, url } = request;
    if (method !== 'GET' && method !== 'HEAD') return undefined;
    const { headers } = request;
    if (!url || url.includes('?') || headers.authorization !== undefined) return undefined;
    if (headers.cookie !== undefined) return undefined;
    const fast: FastRequest = {
      method,
      path: url,
      headers,
      ip: trustProxy
        ? () => {
            const addresses = proxyAddr.all(request, trustAll);
            return addresses[addresses.length - 1] ?? '';
          }
        : () => request.socket.remoteAddress ?? '',
    };
    for (const route of routes) {
      const answer = route(fast);
      if (answer) return answer;
    }
    return undefined;
  }

  return {
    get served() {
      return served;
    },
    add(route) {
      routes.push(route);
    },
    stop() {
      stopped = true;
    },
    serve(request, response) {
      if (stopped || routes.length === 0) return false;
      const started = performance.now();
      let answer: FastAnswer | undefined;
      try {
        answer = answerOf(request);
      } catch (error) {
        // A listener's exception would end the process: the route answers instead, as usual.
        log.error({ err: error }, 'fast read failed');
        return false;
      }
      if (!answer) return false;
      served += 1;
      const id = genReqId();
      const headers: string[] = ['x-request-id', id, ...security];
      for (const name in answer.headers) headers.push(name, answer.headers[name]!);
      if (answer.body) headers.push('content-length', String(answer.body.length));
      try {
        response.writeHead(answer.status, headers);
        if (answer.sent) response.once('finish', answer.sent);
        response.end(request.method === 'HEAD' ? undefined : answer.body);
      } catch (error) {
        log.error({ err: error }, 'fast read failed');
        if (!response.headersSent) return false;
        response.destroy();
        return true;
      }
      // Fastify's access line (server/logger.ts), word for word.
      writeAccessLine(
        log,
        id,
        request.method!,
        request.url!,
        answer.status,
        performance.now() - started,
      );
      return true;
    },
  };
}
