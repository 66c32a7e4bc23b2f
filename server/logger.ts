import { fileURLToPath } from 'node:url';
import {
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import pino from 'pino';
import type { Config } from './config.ts';

const SECRET_QUERY = /([?&](?:token|code|session)=)[^&#]*/gi;

/** Masks secrets in a URL's query string before it reaches a log line. */
export function redactUrl(url: string): string {
  // A secret is always `name=`: a URL without `=` (most requests) skips the regular expression.
  return url.includes('=') ? url.replace(SECRET_QUERY, '$1[redacted]') : url;
}

/** Where a secret could sit in what the server logs: headers, errors, causes and the config. */
export const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  'err.token',
  'cause.token',
  'config.sessionSecret',
  'config.smtpUrl',
];

/**
 * Development's log on a terminal: one short line per entry ("POST /api/codes 201 4.2 ms"), the
 * request id and any other fields after it (server/pretty-log.ts, pino-pretty). A transport runs
 * in pino's worker thread and is loaded there by file name, so production never loads it. (The
 * sign-in link is printed by console.log: one plain line, whatever the log format.)
 */
const PRETTY_TRANSPORT = {
  target: fileURLToPath(new URL('./pretty-log.ts', import.meta.url)),
  options: { colorize: Boolean(process.stdout.isTTY) },
};

type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined> & {
  transport?: typeof PRETTY_TRANSPORT;
  stream?: { write(line: string): void };
};

/**
 * pino options: request ids on every line, and no token, cookie or secret ever logged.
 * Headers are not logged at all; URLs have secret query parameters masked. JSON lines, except in
 * development when the log goes to stdout: pretty lines there. A given `stream` (tests read log
 * lines from one) always gets JSON.
 */
export function loggerOptions(
  config: Config,
  stream?: { write(line: string): void },
): LoggerOptions {
  const options: LoggerOptions = {
    level: config.logLevel,
    // Exact paths only: a wildcard ('*.token') made pino clone every line's objects, which cost
    // more than writing the line (9 µs against 6 µs per access line, measured).
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: {
      // The request id is already on every line (reqId); headers are never logged.
      req(request: { method: string; url: string }) {
        return { method: request.method, url: redactUrl(request.url) };
      },
    },
  };
  if (stream) return { ...options, stream };
  if (config.env === 'development') return { ...options, transport: PRETTY_TRANSPORT };
  // Written without blocking (decision 117): lines that arrive while a write is under way go out
  // together in the next one, so a busy server makes one write a batch, not one a request. pino
  // flushes what is left, synchronously, when the process exits; a SIGKILL can lose the lines of
  // the write under way.
  return { ...options, stream: pino.destination({ dest: 1, sync: false }) };
}

type LineStream = { write(line: string): void };

/** The root bindings (`,"pid":…,"hostname":…`) of each log destination, as pino writes them. */
const bindingsOf = new WeakMap<LineStream, string>();

/**
 * Writes the access line ("request completed") as the text pino makes of
 * `log.info({ req, res, responseTime }, 'request completed')` on a request's logger, built
 * directly (decision 117): pino's generic path (serializers, the redaction of every line, one
 * JSON stringify per value) cost ~20 µs of a ~125 µs cached page. The URL's secrets are masked as
 * the `req` serializer masks them; `logger.test.ts` holds the line to pino's.
 */
export function writeAccessLine(
  log: FastifyBaseLogger,
  requestId: string,
  method: string,
  url: string,
  statusCode: number,
  responseTime: number,
): void {
  const logger = log as unknown as pino.Logger & Record<symbol, LineStream>;
  if (!logger.isLevelEnabled('info')) return;
  const stream = logger[pino.symbols.streamSym]!;
  let bindings = bindingsOf.get(stream);
  if (bindings === undefined) {
    // pino's own text of the bindings (`,"pid":…,"hostname":…`), less a request's id.
    const text = (logger as unknown as Record<symbol, string>)[pino.symbols.chindingsSym] ?? '';
    bindings = text.replace(/,"reqId":"[^"]*"$/, '');
    bindingsOf.set(stream, bindings);
  }
  const line = `{"level":30,"time":${Date.now()}${bindings},"reqId":${JSON.stringify(requestId)},"req":{"method":${JSON.stringify(method)},"url":${JSON.stringify(redactUrl(url))}},"res":{"statusCode":${statusCode}},"responseTime":${responseTime},"msg":"request completed"}\n`;
  // One write a line (decision 119): sonic-boom joins what arrives while a write is under way.
  stream.write(line);
}

/**
 * One access line per request ("request completed", with the request, status and time) instead
 * of Fastify's two: half the logging work on every request, the same information.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) {
      const line = { req: request, res: reply, responseTime: reply.elapsedTime };
      reply.log.error({ ...line, err: error }, 'request errored');
    } else {
      const { id, method, url } = request;
      writeAccessLine(reply.log, id, method, url, reply.statusCode, reply.elapsedTime);
    }
  }
}
