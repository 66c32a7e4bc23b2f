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
  /** 429 for a second rename within 30 days; its message says when the next one is allowed. */
  renameTooSoon: 'rename_too_soon',
  /** 409 for the last admin deleting their account; the message says what to do. */
  lastAdmin: 'last_admin',
  /** 400 for an import file that cannot be read at all (encoding, columns, quoting). */
  importUnreadable: 'import_unreadable',
} as const);

export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

/** The wire shape of every error answer (`apiErrorSchema` in api-error-schema.ts checks it). */
export interface ApiErrorBody {
  error: {
    code: string;
    message: string;
    fields?: Record<string, string>;
  };
}
