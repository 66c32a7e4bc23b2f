import type { FastifyError, FastifyInstance } from 'fastify';
import { ERROR_CODES } from '../../shared/error-codes.ts';
import { isDatabaseUnavailable, isInvalidTextValue } from '../db/errors.ts';
import { AppError, errors } from '../errors.ts';

function toAppError(error: FastifyError | Error): AppError {
  if (error instanceof AppError) return error;
  const fastifyError = error as FastifyError;
  if (isDatabaseUnavailable(error)) return errors.unavailable();
  if (isInvalidTextValue(error)) {
    return new AppError(400, ERROR_CODES.badRequest, 'Invalid characters in the request');
  }
  const status = fastifyError.statusCode;
  if (status === 413 || fastifyError.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return new AppError(413, ERROR_CODES.payloadTooLarge, 'Request body is too large');
  }
  if (status === 415) {
    return new AppError(415, ERROR_CODES.badRequest, 'Unsupported content type');
  }
  if (status === 429) {
    return errors.rateLimited(60);
  }
  if (status !== undefined && status >= 400 && status < 500) {
    return new AppError(status, ERROR_CODES.badRequest, 'Invalid request');
  }
  return new AppError(500, ERROR_CODES.internal, 'Something went wrong. Please try again.');
}

/** The one error handler: every failure becomes `{ error: { code, message, fields? } }`. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    const appError = toAppError(error);
    if (appError.status >= 500) {
      request.log.error({ err: error }, 'request failed');
    }
    if (appError.retryAfter !== undefined) {
      reply.header('Retry-After', String(appError.retryAfter));
    }
    const body: { code: string; message: string; fields?: Record<string, string> } = {
      code: appError.code,
      message: appError.message,
    };
    if (appError.fields) body.fields = appError.fields;
    return reply.status(appError.status).send({ error: body });
  });
}
