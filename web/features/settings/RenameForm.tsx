import { useState } from 'react';
import { AUTH_MESSAGES, setUsernameSchema } from '../../../shared/auth-schemas.ts';
import { ERROR_CODES } from '../../../shared/error-codes.ts';
import { LIMITS } from '../../../shared/limits.ts';
import { Button } from '../../components/ui/Button.tsx';
import { FormBanner } from '../../components/ui/FormBanner.tsx';
import { Modal } from '../../components/ui/Modal.tsx';
import { TextField } from '../../components/ui/TextField.tsx';
import { applyApiError } from '../../lib/form-errors.ts';
import { textField, useZodForm } from '../../lib/forms.ts';
import { useRenameUser } from './api.ts';

const RENAME_ERRORS = {
  fallback: AUTH_MESSAGES.usernameSaveFailed,
  messages: { [ERROR_CODES.conflict]: AUTH_MESSAGES.usernameTaken },
  field: 'username' as const,
};

/**
 * The username change (decision 012): the name is checked by the shared schema, then a dialog
 * asks to confirm, since there is no quick undo (one rename per 30 days).
 */
export function RenameForm({ current, onRenamed }: { current: string; onRenamed: () => void }) {
  const form = useZodForm(setUsernameSchema, { defaultValues: { username: '' } });
  const rename = useRenameUser();
  const [pending, setPending] = useState<string | null>(null);

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

  return (
    <>
      <form
        noValidate
        className="space-y-4"
        onSubmit={form.handleSubmit(({ username }) => {
          if (username === current) return;
          setPending(username);
        })}
      >
        <FormBanner form={form} />
        <TextField
          label="New username"
          prefix="@"
          autoComplete="off"
          spellCheck={false}
          autoCapitalize="none"
          hint={`${LIMITS.usernameMin}–${LIMITS.usernameMax} letters, numbers or underscores. You can change it once every ${LIMITS.usernameRenameIntervalDays} days.`}
          {...textField(form, 'username')}
        />
        <Button type="submit" variant="secondary">
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
