import type { ZodType } from 'zod';
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
  unavailable: () =>
    new AppError(
      503,
      ERROR_CODES.unavailable,
      'Service temporarily unavailable. Please try again.',
    ),
};

/** "45 seconds", "1 minute", "12 minutes": how long until a limit resets. */
export function formatWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/**
 * Validates input with a shared zod schema. On failure throws a 400 whose message is the first
 * issue's (the spec's text) and whose `fields` maps each field to its first message.
 */
export function parseInput<T>(schema: ZodType<T>, input: unknown): T {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : '_';
    fields[key] ??= issue.message;
  }
  const first = result.error.issues[0]?.message ?? 'Invalid request';
  throw errors.badRequest(first, fields);
}
