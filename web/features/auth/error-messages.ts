import { AUTH_MESSAGES } from '../../../shared/auth-messages.ts';
import { ERROR_CODES } from '../../../shared/error-codes.ts';

/**
 * The sign-in screens' message table (spec §8): these codes are answered with the spec's words,
 * not the server's. Everything else goes through the one mapping in web/lib/form-errors.ts (the
 * server's fields, a rate limit's wait, else the step's failure text).
 */
export const SIGN_IN_MESSAGES: Readonly<Record<string, string>> = Object.freeze({
  [ERROR_CODES.invalidActionCode]: AUTH_MESSAGES.linkExpired,
  [ERROR_CODES.invalidEmail]: AUTH_MESSAGES.invalidEmail,
  [ERROR_CODES.userDisabled]: AUTH_MESSAGES.userDisabled,
});
