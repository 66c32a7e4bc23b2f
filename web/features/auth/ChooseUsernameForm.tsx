import { useWatch } from 'react-hook-form';
import {
  AUTH_MESSAGES,
  setUsernameSchema,
  usernameFromEmail,
} from '../../../shared/auth-schemas.ts';
import { ERROR_CODES } from '../../../shared/error-codes.ts';
import { LIMITS } from '../../../shared/limits.ts';
import { Button } from '../../components/ui/Button.tsx';
import { FormBanner } from '../../components/ui/FormBanner.tsx';
import { TextField } from '../../components/ui/TextField.tsx';
import { UsernameStatusHint } from '../../components/ui/UsernameStatusHint.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { submitRequest, useZodForm } from '../../lib/forms.ts';
import { useUsernameStatus } from '../../lib/username-status.ts';
import { AuthCard } from './AuthCard.tsx';
import { useSetUsername } from './api.ts';

interface Props {
  email: string;
  onDone: () => void;
  onSessionExpired: () => void;
}

function Requirements() {
  return (
    <div className="rounded-xl border border-accent-200 bg-accent-50 px-4 py-3 text-sm text-accent-800 dark:border-accent-800 dark:bg-gray-950 dark:text-accent-200">
      <p className="font-semibold">Username requirements</p>
      <ul className="mt-1 list-disc space-y-0.5 pl-5">
        <li>
          {LIMITS.usernameMin}–{LIMITS.usernameMax} characters
        </li>
        <li>Letters, numbers and underscores only</li>
        <li>Saved in lowercase</li>
      </ul>
    </div>
  );
}

/** Mode 3: a new user picks the name of their public profile. */
export function ChooseUsernameForm({ email, onDone, onSessionExpired }: Props) {
  const form = useZodForm(setUsernameSchema, {
    defaultValues: { username: usernameFromEmail(email) },
  });
  const value = useWatch({ control: form.control, name: 'username' });
  const setUsername = useSetUsername();
  const status = useUsernameStatus(value);

  const onSubmit = submitRequest(
    form,
    async ({ username }) => {
      if (status.taken) return;
      try {
        await setUsername.mutateAsync(username);
      } catch (error) {
        if (!isApiError(error, 401)) throw error;
        onSessionExpired();
        return;
      }
      onDone();
    },
    {
      fallback: AUTH_MESSAGES.usernameSaveFailed,
      messages: { [ERROR_CODES.conflict]: AUTH_MESSAGES.usernameTaken },
      field: 'username',
    },
  );

  const fieldError =
    status.issue ??
    (status.taken ? AUTH_MESSAGES.usernameTaken : undefined) ??
    form.formState.errors.username?.message;

  return (
    <AuthCard
      title="Choose your username"
      description="It's the address of your public profile, where people find your codes."
    >
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <Requirements />
        <FormBanner form={form} />
        <TextField
          label="Username"
          prefix="@"
          autoComplete="username"
          spellCheck={false}
          autoCapitalize="none"
          autoFocus
          error={fieldError}
          hint={fieldError ? undefined : <UsernameStatusHint status={status} />}
          // A save failure is about the name as it was: typing again clears the banner.
          {...form.register('username', { onChange: () => form.clearErrors('root') })}
        />
        <Button type="submit" size="lg" className="w-full" loading={form.formState.isSubmitting}>
          Continue
        </Button>
      </form>
    </AuthCard>
  );
}
