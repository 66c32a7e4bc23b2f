import { ACCOUNT_MESSAGES, deleteAccountSchema } from '../../../shared/account-schemas.ts';
import { LIMITS } from '../../../shared/limits.ts';
import { Button } from '../../components/ui/Button.tsx';
import { FormBanner } from '../../components/ui/FormBanner.tsx';
import { TextField } from '../../components/ui/TextField.tsx';
import { markAccountDeleted } from '../../lib/account-deleted.ts';
import { submitRequest, textField, useZodForm } from '../../lib/forms.ts';
import { pageNavigation } from '../../lib/session.ts';
import { paths } from '../../paths.ts';
import { useDeleteAccount } from './api.ts';

/** Deleting the account: the owner types their username to confirm (decision 080). */
export function DeleteAccountForm({ username }: { username: string }) {
  const form = useZodForm(deleteAccountSchema, { defaultValues: { username: '' } });
  const remove = useDeleteAccount();
  const onSubmit = submitRequest(
    form,
    async (values) => {
      await remove.mutateAsync(values.username);
      markAccountDeleted();
      // A full load: nothing of the deleted account stays in memory.
      pageNavigation.assign(paths.home);
    },
    { fallback: ACCOUNT_MESSAGES.deleteFailed },
  );
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <ul className="list-disc space-y-1 pl-5 text-sm text-gray-700 dark:text-gray-200">
        <li>Your codes, their copies and views, and your sessions are deleted at once.</li>
        <li>Your profile page stops working straight away.</li>
        <li>
          @{username} stays reserved for {LIMITS.usernameHoldDays} days, so nobody else can take
          over your old links.
        </li>
        <li>This cannot be undone. Download your data first if you want to keep it.</li>
      </ul>
      <FormBanner form={form} />
      <TextField
        label={`Type ${username} to confirm`}
        autoComplete="off"
        spellCheck={false}
        autoCapitalize="none"
        {...textField(form, 'username')}
      />
      <Button type="submit" variant="error" loading={form.formState.isSubmitting}>
        Delete my account
      </Button>
    </form>
  );
}
