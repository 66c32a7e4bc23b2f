import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable, isInvalidTextValue } from '../db/errors.ts';
import { AppError, errors } from '../errors.ts';

type ValidationError = FastifyError & {
  validation: { instancePath: string; message?: string }[];
  validationContext?: string;
};

/**
 * A request that does not match its route's schema. A path parameter that cannot name anything
 * gets the route's own 404 when it declares one (`config.notFound`). Anything else is a 400 whose
 * message is the first issue's (the spec's text) and whose `fields` maps each field to its first
 * message.
 */
function validationError(error: ValidationError, request: FastifyRequest): AppError {
  const notFound = request.routeOptions.config.notFound;
  if (error.validationContext === 'params' && notFound) return notFound();
  const fields: Record<string, string> = {};
  for (const issue of error.validation) {
    const key = issue.instancePath.slice(1).replaceAll('/', '.') || '_';
    fields[key] ??= issue.message ?? 'Invalid request';
  }
  return errors.badRequest(error.validation[0]?.message ?? 'Invalid request', fields);
}

function toAppError(error: FastifyError | Error, request: FastifyRequest): AppError {
  if (error instanceof AppError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    return validationError(error as ValidationError, request);
  }
  const fastifyError = error as FastifyError;
  if (isDatabaseUnavailable(error)) return errors.unavailable();
  if (isInvalidTextValue(error)) return errors.invalidText();
  const status = fastifyError.statusCode;
  if (status === 413 || fastifyError.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return errors.payloadTooLarge(request.routeOptions.config.tooLargeMessage);
  }
  if (status === 415) return errors.unsupportedMediaType();
  if (status === 429) return errors.rateLimited(60);
  if (status !== undefined && status >= 400 && status < 500) return errors.malformed(status);
  return errors.internal();
}

/** The one error handler: every failure becomes `{ error: { code, message, fields? } }`. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    const appError = toAppError(error, request);
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
