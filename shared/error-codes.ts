/**
 * Stable error codes carried in `{ error: { code, message } }`. The web client maps a code to
 * the spec's message when the server's message is not meant for display.
 */
export const ERROR_CODES = Object.freeze({
  badRequest: 'bad_request',
  validation: 'validation_failed',
  unauthenticated: 'unauthenticated',
  forbidden: 'forbidden',
  csrf: 'csrf_rejected',
  notFound: 'not_found',
  conflict: 'conflict',
  payloadTooLarge: 'payload_too_large',
  rateLimited: 'rate_limited',
  unavailable: 'unavailable',
  internal: 'internal',
  invalidActionCode: 'auth/invalid-action-code',
  invalidEmail: 'auth/invalid-email',
  userDisabled: 'auth/user-disabled',
  userNotFound: 'USER_NOT_FOUND',
  /** 409 for a code past the per-user cap; its message says what to do, so forms show it. */
  codeLimitReached: 'code_limit_reached',
} as const);

export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

/** The wire shape of every error answer. */
export interface ApiErrorBody {
  error: {
    code: string;
    message: string;
    fields?: Record<string, string>;
  };
}
