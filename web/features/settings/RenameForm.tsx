import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { renameTooSoonMessage } from '../../../shared/auth-messages.ts';
import { AUTH_MESSAGES, setUsernameSchema } from '../../../shared/auth-schemas.ts';
import { ERROR_CODES } from '../../../shared/error-codes.ts';
import { LIMITS } from '../../../shared/limits.ts';
import { Button } from '../../components/ui/Button.tsx';
import { FormBanner } from '../../components/ui/FormBanner.tsx';
import { Modal } from '../../components/ui/Modal.tsx';
import { TextField } from '../../components/ui/TextField.tsx';
import { UsernameStatusHint } from '../../components/ui/UsernameStatusHint.tsx';
import { applyApiError } from '../../lib/form-errors.ts';
import { textField, useZodForm } from '../../lib/forms.ts';
import { useUsernameStatus } from '../../lib/username-status.ts';
import { useRenameUser } from './api.ts';

const RENAME_ERRORS = {
  fallback: AUTH_MESSAGES.usernameSaveFailed,
  messages: { [ERROR_CODES.conflict]: AUTH_MESSAGES.usernameTaken },
  field: 'username' as const,
};

/**
 * The username change (decision 012): the name is checked as it is typed (rules, then whether it
 * is free, as at sign-up), then a dialog asks to confirm, since there is no quick undo. Within
 * 30 days of the last rename the form says up front when the next one is allowed (issue 24).
 */
export function RenameForm({
  current,
  renameAllowedAt,
  onRenamed,
}: {
  current: string;
  /** From /api/me: when the next rename is allowed, or null when it is now. */
  renameAllowedAt: string | null;
  onRenamed: () => void;
}) {
  const form = useZodForm(setUsernameSchema, { defaultValues: { username: '' } });
  const value = useWatch({ control: form.control, name: 'username' });
  const status = useUsernameStatus(value);
  const rename = useRenameUser();
  const [pending, setPending] = useState<string | null>(null);
  const locked = renameAllowedAt !== null;
  const unchanged = status.candidate === current;

  const close = () => setPending(null);
  const confirm = async () => {
    if (!pending) return;
    try {
      await rename.mutateAsync(pending);
      form.reset({ username: '' });
      onRenamed();
    } catch (error) {
      applyApiError(error, form, RENAME_ERRORS);
    } finally {
      setPending(null);
    }
  };

  // Live messages only once something is typed; an empty submit still says it is required.
  const fieldError =
    (value !== '' ? status.issue : undefined) ??
    (status.taken && !unchanged ? AUTH_MESSAGES.usernameTaken : undefined) ??
    form.formState.errors.username?.message;

  return (
    <>
      <form
        noValidate
        className="space-y-4"
        onSubmit={form.handleSubmit(({ username }) => {
          if (username === current || status.taken) return;
          setPending(username);
        })}
      >
        {locked && (
          <p className="rounded-lg bg-gray-50 px-3 py-2 text-sm text-gray-700 dark:bg-gray-800 dark:text-gray-200">
            {renameTooSoonMessage(new Date(renameAllowedAt))}
          </p>
        )}
        <FormBanner form={form} />
        <TextField
          label="New username"
          prefix="@"
          autoComplete="off"
          spellCheck={false}
          autoCapitalize="none"
          disabled={locked}
          hint={
            fieldError ? undefined : status.checking || (status.available && !unchanged) ? (
              <UsernameStatusHint status={status} />
            ) : (
              `${LIMITS.usernameMin}–${LIMITS.usernameMax} letters, numbers or underscores. You can change it once every ${LIMITS.usernameRenameIntervalDays} days.`
            )
          }
          {...textField(form, 'username')}
          error={fieldError}
        />
        <Button type="submit" variant="secondary" disabled={locked}>
          Change username
        </Button>
      </form>
      <Modal
        open={pending !== null}
        onClose={close}
        title="Change your username?"
        widthClass="max-w-md"
      >
        {pending && (
          <div className="space-y-4">
            <p className="text-gray-700 dark:text-gray-200">
              Your profile moves from <span className="font-semibold">@{current}</span> to{' '}
              <span className="font-semibold">@{pending}</span>.
            </p>
            <ul className="list-disc space-y-1 pl-5 text-sm text-gray-600 dark:text-gray-300">
              <li>
                Links and QR codes with @{current} lead to your new name for{' '}
                {LIMITS.usernameHoldDays} days; nobody else can take it meanwhile.
              </li>
              <li>
                You can change your username again in {LIMITS.usernameRenameIntervalDays} days.
              </li>
            </ul>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="secondary" onClick={close} disabled={rename.isPending}>
                Cancel
              </Button>
              <Button loading={rename.isPending} onClick={confirm}>
                Change to @{pending}
              </Button>
            </div>
          </div>
        )}
      </Modal>
    </>
  );
}
