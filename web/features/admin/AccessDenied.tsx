import { Link } from 'react-router';
import { ADMIN_MESSAGES } from '../../../shared/admin-schemas.ts';
import { buttonClasses } from '../../components/ui/Button.tsx';
import { paths } from '../../paths.ts';

/** What a signed-in non-admin sees on /admin (spec §2). */
export function AccessDenied() {
  return (
    <section className="mx-auto max-w-md px-4 py-16 text-center">
      <div className="mx-auto mb-4 flex h-14 w-14 items-center justify-center rounded-full bg-red-100 text-red-700 dark:bg-red-950 dark:text-red-300">
        <svg
          viewBox="0 0 24 24"
          className="h-7 w-7"
          fill="none"
          stroke="currentColor"
          strokeWidth={2}
          aria-hidden="true"
        >
          <path
            strokeLinecap="round"
            strokeLinejoin="round"
            d="M12 3 4.5 6v5.5c0 4.4 3.2 8.3 7.5 9.5 4.3-1.2 7.5-5.1 7.5-9.5V6L12 3Zm-2.5 6.5 5 5m0-5-5 5"
          />
        </svg>
      </div>
      <h1 className="text-2xl font-bold text-gray-900 dark:text-white">
        {ADMIN_MESSAGES.accessDenied}
      </h1>
      <p className="mt-2 text-gray-700 dark:text-gray-300">{ADMIN_MESSAGES.noPrivileges}</p>
      <Link to={paths.dashboard} className={`${buttonClasses('secondary')} mt-6`}>
        Back to dashboard
      </Link>
    </section>
  );
}
