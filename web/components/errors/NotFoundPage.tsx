import type { ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { paths } from '../../paths.ts';
import { buttonClasses } from '../ui/Button.tsx';

/**
 * The one look of every 'not found' (issue 24): the 404 page of spec §2 by default; a missing
 * profile or service passes its own title, words and actions.
 */
export function NotFoundPage({
  title = 'Page not found',
  message = 'The page you are looking for does not exist or has moved.',
  actions,
}: {
  title?: string;
  message?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <section className="mx-auto flex max-w-md flex-col items-center px-4 py-24 text-center">
      <p className="text-6xl font-black text-accent-600 dark:text-accent-400">404</p>
      <h1 className="mt-4 text-2xl font-bold text-gray-900 dark:text-white">{title}</h1>
      <p className="mt-2 text-gray-600 dark:text-gray-300" aria-live="polite">
        {message}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {actions ?? (
          <>
            <Link to={paths.home} className={buttonClasses('primary')}>
              Go back home
            </Link>
            <GoBack />
          </>
        )}
      </div>
    </section>
  );
}

/**
 * 'Go back' of spec §2: the previous page, or home when there is none (a link opened in a new
 * tab has no history, and going back did nothing; issue 24).
 */
export function GoBack() {
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <button
      type="button"
      className={buttonClasses('secondary')}
      onClick={() => {
        const hasHistory = location.key !== 'default' || window.history.length > 1;
        if (hasHistory) navigate(-1);
        else navigate(paths.home);
      }}
    >
      Go back
    </button>
  );
}
