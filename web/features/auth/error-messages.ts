import { AUTH_MESSAGES } from '../../../shared/auth-messages.ts';
import { ERROR_CODES } from '../../../shared/error-codes.ts';
import { isApiError } from '../../lib/api-client.ts';

/** Messages the server sends that are meant for display as they are. */
function shownAsIs(error: unknown): string | undefined {
  if (!isApiError(error)) return undefined;
  if (error.code === ERROR_CODES.invalidEmail) return AUTH_MESSAGES.invalidEmail;
  if (error.code === ERROR_CODES.userDisabled) return AUTH_MESSAGES.userDisabled;
  // "Too many requests. Please try again in 45 seconds." says when to try again.
  if (error.code === ERROR_CODES.rateLimited) return error.message;
  return undefined;
}

/** Spec §8 for the request step; any other failure is the send failure. */
export function requestLinkErrorMessage(error: unknown): string {
  return shownAsIs(error) ?? AUTH_MESSAGES.sendFailed;
}

/** Spec §8 for the completion step; any other failure is the sign-in failure. */
export function completeSignInErrorMessage(error: unknown): string {
  if (isApiError(error) && error.code === ERROR_CODES.invalidActionCode) {
    return AUTH_MESSAGES.linkExpired;
  }
  return shownAsIs(error) ?? AUTH_MESSAGES.signInFailed;
}

/** The first message of a zod result, for a field's inline error. */
export function firstIssue(result: {
  success: boolean;
  error?: { issues: ReadonlyArray<{ message: string }> };
}): string | undefined {
  return result.success ? undefined : result.error?.issues[0]?.message;
}
