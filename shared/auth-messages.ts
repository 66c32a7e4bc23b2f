/**
 * The e-mail and username messages of spec §5 and §8, word for word. Kept free of zod so that
 * screens which only show a message (the sign-in guard) do not pull the schemas in.
 */
export const AUTH_MESSAGES = Object.freeze({
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  invalidEmail: 'Invalid email address',
  /**
   * auth/invalid-email when completing a sign-in: the spec's words, then what is wrong (issue
   * 24: on a second device a visitor could not tell why their own address was 'invalid').
   */
  notTheLinksAddress:
    'Invalid email address: this is not the address the sign-in link was sent to. Enter that address, or request a new link.',
  userDisabled: 'This account has been disabled',
  sendFailed: 'Failed to send sign-in link. Please try again.',
  linkExpired: 'This link has expired or already been used. Please request a new one.',
  signInFailed: 'Failed to sign in. Please try again or request a new link.',
  confirmEmail: 'Please enter your email to complete sign-in',
  usernameRequired: 'Username is required',
  usernameTooShort: 'Username must be at least 3 characters',
  usernameTooLong: 'Username must be less than 20 characters',
  usernameCharacters: 'Username can only contain letters, numbers, and underscores',
  usernameTaken: 'Username is already taken. Please try another.',
  usernameSaveFailed: 'Failed to set username. Please try again.',
  sessionExpired: 'Session expired. Please sign in again.',
  authLoadFailed: 'Authentication error occurred',
});

const LONG_DATE = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/**
 * The answer to a rename within 30 days of the last (decision 012), naming the first minute the
 * next one is allowed, in UTC: 'You can change it again on 31 December 2026 at 10:15 UTC.'
 */
export function renameTooSoonMessage(allowedAt: Date): string {
  const minute = new Date(Math.ceil(allowedAt.getTime() / 60_000) * 60_000);
  const time = minute.toISOString().slice(11, 16);
  return `You can change your username once every 30 days. You can change it again on ${LONG_DATE.format(minute)} at ${time} UTC.`;
}
