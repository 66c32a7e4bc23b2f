import { Link, useNavigate } from 'react-router';
import { paths } from '../../paths.ts';
import { buttonClasses } from '../ui/Button.tsx';

/** The 404 page of spec §2. */
export function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <section className="mx-auto flex max-w-md flex-col items-center px-4 py-24 text-center">
      <p className="text-6xl font-black text-accent-600 dark:text-accent-400">404</p>
      <h1 className="mt-4 text-2xl font-bold text-gray-900 dark:text-white">Page not found</h1>
      <p className="mt-2 text-gray-600 dark:text-gray-300">
        The page you are looking for does not exist or has moved.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to={paths.home} className={buttonClasses('primary')}>
          Go back home
        </Link>
        <button type="button" className={buttonClasses('secondary')} onClick={() => navigate(-1)}>
          Go back
        </button>
      </div>
    </section>
  );
}
