import { type FormEvent, useId, useState } from 'react';
import { ADMIN_MESSAGES, adminEmailSchema } from '../../../shared/admin-schemas.ts';
import { Banner } from '../../components/ui/Banner.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { useAddAdmin, useAdmins } from './api.ts';
import { formatShortDate } from './format-date.ts';

/** The admins list (newest first) and the add-by-e-mail form. */
export function AdminsSection() {
  const id = useId();
  const admins = useAdmins();
  const addAdmin = useAddAdmin();
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [added, setAdded] = useState<string | null>(null);

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    setAdded(null);
    const parsed = adminEmailSchema.safeParse(email);
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? ADMIN_MESSAGES.emailInvalid);
      return;
    }
    setFieldError(null);
    addAdmin.mutate(parsed.data, {
      onSuccess: ({ admin }) => {
        setAdded(admin.email);
        setEmail('');
      },
      onError: (error) => {
        if (isApiError(error) && [400, 403, 404, 409].includes(error.status)) {
          setFieldError(error.message);
        } else {
          setFormError(ADMIN_MESSAGES.addAdminFailed);
        }
      },
    });
  }

  return (
    <section aria-labelledby={`${id}-title`} className="mt-12">
      <h2 id={`${id}-title`} className="text-xl font-bold text-gray-900 dark:text-white">
        Admins
      </h2>
      <p className="mt-1 text-sm text-gray-600 dark:text-gray-300">
        Admins review service requests. Add someone who has signed in at least once.
      </p>

      <form noValidate onSubmit={handleSubmit} className="mt-4 max-w-xl space-y-2">
        <label htmlFor={`${id}-email`} className="block text-sm font-medium">
          Email of the new admin
        </label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <input
            id={`${id}-email`}
            type="email"
            className="block min-h-11 w-full rounded-lg border border-gray-300 bg-white px-3 text-base text-gray-900 focus:border-accent-500 focus:outline-2 focus:outline-accent-500 aria-[invalid=true]:border-red-600 dark:border-gray-600 dark:bg-gray-950 dark:text-gray-100"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? `${id}-email-error` : undefined}
            autoComplete="off"
            placeholder="name@example.com"
          />
          <Button type="submit" loading={addAdmin.isPending} className="shrink-0">
            Add admin
          </Button>
        </div>
        {fieldError && (
          <p id={`${id}-email-error`} className="text-sm text-red-700 dark:text-red-400">
            {fieldError}
          </p>
        )}
        {formError && <Banner tone="error">{formError}</Banner>}
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
