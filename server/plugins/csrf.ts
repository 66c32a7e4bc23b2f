import type { FastifyInstance } from 'fastify';
import { errors } from '../errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Not CORS-safelisted request types: a cross-origin fetch sending them is preflighted. */
const BYTE_TYPES = /^(image\/[a-z0-9.+-]+|application\/octet-stream)\s*(;|$)/i;

function hasBody(headers: Record<string, string | string[] | undefined>): boolean {
  const length = headers['content-length'];
  if (length !== undefined && length !== '0') return true;
  return headers['transfer-encoding'] !== undefined;
}

/**
 * Every state-changing /api request must come from our own origin and, when it carries a
 * body, send JSON. A cross-site form or fetch cannot satisfy both. A request authenticated by an
 * API token (never with a cookie: decision 107) is exempt: a browser cannot be made to send one.
 *
 * Register it on the /api scope (an encapsulated hook runs for that scope's routes only): the
 * decision follows the route the router matched, never the raw URL, which the router decodes
 * and resolves first ('/%61pi/codes' and 'http://host/api/codes' both reach POST /api/codes).
 */
export function registerCsrfProtection(api: FastifyInstance, appOrigin: string): void {
  // A callback hook: the GETs that make up most traffic pass without a promise.
  api.addHook('onRequest', (request, _reply, done) => {
    // An API token's request (bearer-auth.ts, which runs first) carries no cookie to forge.
    if (SAFE_METHODS.has(request.method) || request.apiToken) return done();
    if (request.headers.origin !== appOrigin) {
      return done(errors.crossOrigin('Cross-origin request refused'));
    }
    if (hasBody(request.headers)) {
      const type = request.headers['content-type'] ?? '';
      // A route that takes bytes (the avatar upload) also takes image/* and octet-stream: no
      // cross-site form can send those, and a cross-site fetch of them needs a preflight.
      const bytes = request.routeOptions.config.bytesBody && BYTE_TYPES.test(type);
      if (!bytes && !/^application\/json\s*(;|$)/i.test(type)) {
        return done(errors.crossOrigin('Requests must send a JSON body'));
      }
    }
    done();
  });
}
