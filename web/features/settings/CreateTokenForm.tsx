import {
  type CreatedToken,
  createTokenSchema,
  TOKEN_EXPIRIES,
  TOKEN_EXPIRY_LABELS,
  TOKEN_MESSAGES,
  TOKEN_NAME_MAX,
  TOKEN_SCOPE_LABELS,
  TOKEN_SCOPES,
} from '../../../shared/token-schemas.ts';
import { Button } from '../../components/ui/Button.tsx';
import { FormBanner } from '../../components/ui/FormBanner.tsx';
import { inputClasses, TextField } from '../../components/ui/TextField.tsx';
import { submitRequest, textField, useZodForm } from '../../lib/forms.ts';
import { useCreateApiToken } from './tokens-api.ts';

/**
 * The 'Create a token' form: a name, at least one scope, and an expiry (30 days, 90 days, a year
 * or none). The created token's secret goes to `onCreated`, which shows it once.
 */
export function CreateTokenForm({ onCreated }: { onCreated: (created: CreatedToken) => void }) {
  const form = useZodForm(createTokenSchema, {
    defaultValues: { name: '', scopes: ['codes:read'], expiresInDays: '90' },
  });
  const create = useCreateApiToken();
  const scopesError = form.formState.errors.scopes?.message;
  const expiryError = form.formState.errors.expiresInDays?.message;

  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={submitRequest(
        form,
        async (values) => {
          const created = await create.mutateAsync(values);
          form.reset();
          onCreated(created);
        },
        { fallback: TOKEN_MESSAGES.createFailed },
      )}
    >
      <FormBanner form={form} />
      <TextField
        label="Name"
        hint="What the token is for, e.g. 'Backup script'."
        autoComplete="off"
        maxLength={TOKEN_NAME_MAX}
        {...textField(form, 'name')}
      />
      <fieldset aria-describedby={scopesError ? 'token-scopes-error' : undefined}>
        <legend className="text-sm font-medium text-gray-800 dark:text-gray-100">Scopes</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-3">
          {TOKEN_SCOPES.map((scope) => (
            <label
              key={scope}
              className="flex min-h-11 items-start gap-2 rounded-lg border border-gray-200 p-3 text-sm dark:border-gray-700"
            >
              <input
                type="checkbox"
                value={scope}
                className="mt-0.5 h-4 w-4 accent-accent-600"
                {...form.register('scopes')}
              />
              <span>
                <span className="block font-mono text-gray-900 dark:text-white">{scope}</span>
                <span className="block text-gray-600 dark:text-gray-300">
                  {TOKEN_SCOPE_LABELS[scope]}
                </span>
              </span>
            </label>
          ))}
        </div>
        {scopesError && (
          <p id="token-scopes-error" className="mt-1 text-sm text-red-700 dark:text-red-400">
            {scopesError}
          </p>
        )}
      </fieldset>
      <div>
        <label
          htmlFor="token-expiry"
          className="block text-sm font-medium text-gray-800 dark:text-gray-100"
        >
          Expires
        </label>
        <select
          id="token-expiry"
          className={`mt-1 sm:max-w-xs ${inputClasses(Boolean(expiryError))}`}
          aria-invalid={expiryError ? true : undefined}
          {...form.register('expiresInDays')}
        >
          {TOKEN_EXPIRIES.map((expiry) => (
            <option key={expiry} value={expiry}>
              {TOKEN_EXPIRY_LABELS[expiry]}
            </option>
          ))}
        </select>
        {expiryError && (
          <p className="mt-1 text-sm text-red-700 dark:text-red-400">{expiryError}</p>
        )}
      </div>
      <Button type="submit" loading={form.formState.isSubmitting}>
        Create token
      </Button>
    </form>
  );
}
