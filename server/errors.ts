import { ERROR_CODES, type ErrorCode } from '../shared/error-codes.ts';

/** The one error type: a stable code, an HTTP status and a message safe to show. */
export class AppError extends Error {
  readonly status: number;
  readonly code: ErrorCode | string;
  readonly fields: Record<string, string> | undefined;
  /** Seconds, sent as Retry-After (rate limits). */
  readonly retryAfter: number | undefined;

  constructor(
    status: number,
    code: ErrorCode | string,
    message: string,
    extra: { fields?: Record<string, string>; retryAfter?: number } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.status = status;
    this.code = code;
    this.fields = extra.fields;
    this.retryAfter = extra.retryAfter;
  }
}

export const errors = {
  badRequest: (message: string, fields?: Record<string, string>) =>
    new AppError(400, ERROR_CODES.validation, message, { fields }),
  unauthenticated: (message = 'Authentication required') =>
    new AppError(401, ERROR_CODES.unauthenticated, message),
  forbidden: (message = 'Forbidden') => new AppError(403, ERROR_CODES.forbidden, message),
  notFound: (message = 'Not found', code: string = ERROR_CODES.notFound) =>
    new AppError(404, code, message),
  conflict: (
    message: string,
    fields?: Record<string, string>,
    code: string = ERROR_CODES.conflict,
  ) => new AppError(409, code, message, { fields }),
  rateLimited: (retryAfter: number) =>
    new AppError(
      429,
      ERROR_CODES.rateLimited,
      `Too many requests. Please try again in ${formatWait(retryAfter)}.`,
      { retryAfter },
    ),
  unavailable: (
    message = 'Service temporarily unavailable. Please try again.',
    retryAfter?: number,
  ) => new AppError(503, ERROR_CODES.unavailable, message, { retryAfter }),
  crossOrigin: (message: string) => new AppError(403, ERROR_CODES.csrf, message),
  invalidText: () => new AppError(400, ERROR_CODES.badRequest, 'Invalid characters in the request'),
  payloadTooLarge: (message = 'Request body is too large') =>
    new AppError(413, ERROR_CODES.payloadTooLarge, message),
  unsupportedMediaType: () => new AppError(415, ERROR_CODES.badRequest, 'Unsupported content type'),
  /** Any other 4xx Fastify raises itself (a malformed JSON body, a bad header). */
  malformed: (status: number) => new AppError(status, ERROR_CODES.badRequest, 'Invalid request'),
  internal: () =>
    new AppError(500, ERROR_CODES.internal, 'Something went wrong. Please try again.'),
  /** Sign-in's own answers (spec §5 and §7), with the codes the sign-in screens look for. */
  linkExpired: (message: string) => new AppError(400, ERROR_CODES.invalidActionCode, message),
  invalidEmail: (message: string) => new AppError(400, ERROR_CODES.invalidEmail, message),
  userDisabled: (message: string) => new AppError(403, ERROR_CODES.userDisabled, message),
  /** 429 with a message of its own (written for people) shown under `field`, and Retry-After. */
  tooSoon: (code: string, message: string, retryAfter: number, field?: string) =>
    new AppError(429, code, message, {
      fields: field ? { [field]: message } : undefined,
      retryAfter,
    }),
};

/** "45 seconds", "1 minute", "12 minutes": how long until a limit resets. */
export function formatWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
