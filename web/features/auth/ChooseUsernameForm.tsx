import { type FormEvent, useState } from 'react';
import { AUTH_MESSAGES, usernameFromEmail, usernameSchema } from '../../../shared/auth-schemas.ts';
import { LIMITS, TIMINGS } from '../../../shared/limits.ts';
import { Banner } from '../../components/ui/Banner.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { AuthCard } from './AuthCard.tsx';
import { useSetUsername, useUsernameAvailability } from './api.ts';
import { firstIssue } from './error-messages.ts';
import { TextField } from './TextField.tsx';
import { useDebouncedValue } from './use-debounced-value.ts';

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

/** Live status under the field: the rule it breaks, or whether the name is free. */
function useUsernameStatus(value: string) {
  const issue = firstIssue(usernameSchema.safeParse(value));
  const candidate = issue ? null : value.toLowerCase();
  const debounced = useDebouncedValue(candidate, TIMINGS.usernameCheckDebounceMs);
  const settled = debounced === candidate;
  const availability = useUsernameAvailability(settled ? debounced : null);
  const taken = settled && availability.data?.available === false;
  const available = settled && availability.data?.available === true;
  const checking = candidate !== null && (!settled || availability.isFetching);
  return { issue, candidate, taken, available, checking };
}

/** Mode 3: a new user picks the name of their public profile. */
export function ChooseUsernameForm({ email, onDone, onSessionExpired }: Props) {
  const [value, setValue] = useState(() => usernameFromEmail(email));
  const setUsername = useSetUsername();
  const status = useUsernameStatus(value);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!status.candidate || status.taken) return;
    setUsername.mutate(status.candidate, {
      onSuccess: onDone,
      onError: (error) => {
        if (isApiError(error, 401)) onSessionExpired();
      },
    });
  }

  const saveError = setUsername.error;
  const conflict = isApiError(saveError, 409);
  const fieldError =
    status.issue ??
    (status.taken || conflict ? AUTH_MESSAGES.usernameTaken : undefined) ??
    (isApiError(saveError, 400) ? saveError.fields.username : undefined);
  const formError =
    saveError && !conflict && !isApiError(saveError, 400) && !isApiError(saveError, 401)
      ? AUTH_MESSAGES.usernameSaveFailed
      : undefined;

  const hint = status.checking ? (
    <span className="inline-flex items-center gap-2">
      <Spinner className="h-3.5 w-3.5" /> Checking availability…
    </span>
  ) : status.available ? (
    <span className="font-medium text-green-700 dark:text-green-400">
      ✓ {window.location.host}/{status.candidate} is available
    </span>
  ) : undefined;

  return (
    <AuthCard
      title="Choose your username"
      description="It's the address of your public profile, where people find your codes."
    >
      <form noValidate onSubmit={submit} className="space-y-4">
        <Requirements />
        {formError && <Banner tone="error">{formError}</Banner>}
        <TextField
          label="Username"
          prefix="@"
          autoComplete="username"
          value={value}
          onChange={(next) => {
            setValue(next);
            if (setUsername.isError) setUsername.reset();
          }}
          error={fieldError}
          hint={<span aria-live="polite">{hint}</span>}
          autoFocus
        />
        <Button type="submit" size="lg" className="w-full" loading={setUsername.isPending}>
          Continue
        </Button>
      </form>
    </AuthCard>
  );
}
