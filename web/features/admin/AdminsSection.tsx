import { useId, useState } from 'react';
import { ADMIN_MESSAGES, addAdminSchema } from '../../../shared/admin-schemas.ts';
import { ERROR_CODES } from '../../../shared/error-codes.ts';
import { Banner } from '../../components/ui/Banner.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { FormBanner } from '../../components/ui/FormBanner.tsx';
import { TextField } from '../../components/ui/TextField.tsx';
import { formatShortDate } from '../../lib/format-date.ts';
import { submitRequest, textField, useZodForm } from '../../lib/forms.ts';
import { useAddAdmin, useAdmins } from './api.ts';

/** The admins list (newest first) and the add-by-e-mail form. */
export function AdminsSection() {
  const id = useId();
  const admins = useAdmins();
  const addAdmin = useAddAdmin();
  const [added, setAdded] = useState<string | null>(null);
  const form = useZodForm(addAdminSchema, { defaultValues: { email: '' } });
  const onSubmit = submitRequest(
    form,
    async ({ email }) => {
      const { admin } = await addAdmin.mutateAsync(email);
      form.reset();
      setAdded(admin.email);
    },
    {
      fallback: ADMIN_MESSAGES.addAdminFailed,
      // 'No user with this email has signed in yet…', 'This user is already an admin': about the
      // address typed, so they stand under it.
      passThrough: [
        ERROR_CODES.validation,
        ERROR_CODES.forbidden,
        ERROR_CODES.notFound,
        ERROR_CODES.conflict,
      ],
      field: 'email',
    },
  );

  return (
    <section aria-labelledby={`${id}-title`} className="mt-12">
      <h2 id={`${id}-title`} className="text-xl font-bold text-gray-900 dark:text-white">
        Admins
      </h2>
      <p className="mt-1 text-sm text-gray-600 dark:text-gray-300">
        Admins review service requests. Add someone who has signed in at least once.
      </p>

      <form
        noValidate
        onSubmit={(event) => {
          setAdded(null);
          return onSubmit(event);
        }}
        className="mt-4 max-w-xl space-y-2"
      >
        <TextField
          label="Email of the new admin"
          type="email"
          autoComplete="off"
          placeholder="name@example.com"
          controlAside={
            <Button type="submit" loading={form.formState.isSubmitting} className="shrink-0">
              Add admin
            </Button>
          }
          {...textField(form, 'email')}
        />
        <FormBanner form={form} />
        {added && <Banner tone="success">{added} is now an admin.</Banner>}
      </form>

      {admins.isPending ? (
        <div className="mt-6 h-24 animate-pulse rounded-xl bg-gray-200 dark:bg-gray-800" />
      ) : admins.isError ? (
        <Banner tone="error" className="mt-6">
          {ADMIN_MESSAGES.loadAdminsFailed}
        </Banner>
      ) : (
        <ul className="mt-6 divide-y divide-gray-200 rounded-xl bg-white shadow-sm ring-1 ring-gray-200 dark:divide-gray-800 dark:bg-gray-900 dark:ring-gray-800">
          {admins.data.map((admin) => (
            <li
              key={admin.userId}
              className="flex flex-col gap-0.5 px-4 py-3 sm:flex-row sm:items-center sm:justify-between"
            >
              <span className="min-w-0">
                <span className="block truncate font-medium text-gray-900 dark:text-white">
                  {admin.email}
                </span>
                {admin.username && (
                  <span className="block text-sm text-gray-600 dark:text-gray-400">
                    @{admin.username}
                  </span>
                )}
              </span>
              <span className="text-sm text-gray-600 dark:text-gray-400">
                Added <time dateTime={admin.addedAt}>{formatShortDate(admin.addedAt)}</time>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
