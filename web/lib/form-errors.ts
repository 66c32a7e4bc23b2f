import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { ERROR_CODES } from '../../shared/error-codes.ts';
import { isApiError } from './api-client.ts';

/**
 * Codes whose server message is written for people and says what to do, so every form shows it
 * as sent: a rate limit with its wait, a conflict ('This service already exists'), the code cap.
 * Anything else gets the form's own failure text from the spec: a 500's or a proxy's words are
 * not meant for users.
 */
const SHOWN_AS_SENT: ReadonlySet<string> = new Set([
  ERROR_CODES.rateLimited,
  ERROR_CODES.conflict,
  ERROR_CODES.codeLimitReached,
  ERROR_CODES.renameTooSoon,
  ERROR_CODES.lastAdmin,
]);

export interface ApiErrorOptions<TName extends string = string> {
  /** The spec's failure text for this form: 'Failed to create code', … */
  fallback: string;
  /** This screen's spec texts by error code, shown instead of the server's words (sign-in). */
  messages?: Readonly<Record<string, string>>;
  /** More codes whose server message this screen shows as sent (the admin's 403 and 404). */
  passThrough?: readonly string[];
  /** Shows this screen's own messages (`messages`, `passThrough`) under this field, not as a banner. */
  field?: TName;
}

/** Where a failed request's message goes: onto the form's fields, or into its banner. */
export type ApiErrorOutcome<TName extends string = string> =
  | { fields: Partial<Record<TName, string>> }
  | { banner: string };

/**
 * The one mapping from an API failure to what a form shows. The server's per-field messages
 * (`fields`, the spec's validation texts) go onto the fields the form has; otherwise the screen's
 * own table, then the codes meant for display, then the form's fallback.
 */
export function apiErrorOutcome<TName extends string>(
  error: unknown,
  fieldNames: readonly TName[],
  options: ApiErrorOptions<TName>,
): ApiErrorOutcome<TName> {
  if (!isApiError(error)) return { banner: options.fallback };
  const known = Object.entries(error.fields).filter(([name]) =>
    (fieldNames as readonly string[]).includes(name),
  );
  if (known.length > 0) return { fields: Object.fromEntries(known) as Record<TName, string> };
  const own =
    options.messages?.[error.code] ??
    (options.passThrough?.includes(error.code) ? error.message : undefined);
  if (own !== undefined) {
    return options.field
      ? { fields: { [options.field]: own } as Record<TName, string> }
      : { banner: own };
  }
  return { banner: SHOWN_AS_SENT.has(error.code) ? error.message : options.fallback };
}

/** The form's banner lives in react-hook-form's root errors: the next submit clears it. */
export const BANNER_ERROR = 'root.server' as const;

/** Applies `apiErrorOutcome` to a react-hook-form form with `setError`. */
export function applyApiError<T extends FieldValues>(
  error: unknown,
  form: Pick<UseFormReturn<T, unknown, unknown>, 'setError' | 'getValues'>,
  options: ApiErrorOptions<Path<T>>,
): void {
  const fieldNames = Object.keys(form.getValues()) as Path<T>[];
  const outcome = apiErrorOutcome(error, fieldNames, options);
  if ('banner' in outcome) {
    form.setError(BANNER_ERROR, { type: 'server', message: outcome.banner });
    return;
  }
  // The server's first field error takes focus, as the form's own first error does.
  (Object.entries(outcome.fields) as [Path<T>, string][]).forEach(([name, message], index) => {
    form.setError(name, { type: 'server', message }, { shouldFocus: index === 0 });
  });
}
