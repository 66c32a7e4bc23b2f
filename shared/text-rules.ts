/**
 * NUL cannot be stored in PostgreSQL text, and SQLite would keep it: refusing it in the shared
 * schemas gives both databases, and the form, the same answer.
 */
export const NUL_MESSAGE = 'This field contains characters that are not allowed';

/** True when the text has no NUL character. */
export function hasNoNul(value: string): boolean {
  return !value.includes('\u0000');
}
