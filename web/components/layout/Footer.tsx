import { Link } from 'react-router';
import { paths } from '../../paths.ts';

const LINK =
  'inline-flex min-h-11 items-center rounded-lg px-2 font-medium text-gray-600 underline-offset-2 hover:underline dark:text-gray-300';

/** The foot of every page: the rules (issue 23) and the directory. */
export function Footer() {
  return (
    <footer className="border-t border-gray-200 dark:border-gray-800">
      <nav
        aria-label="Footer"
        className="mx-auto flex max-w-6xl flex-wrap items-center justify-center gap-x-4 px-4 py-3 text-sm"
      >
        <Link to={paths.rules} className={LINK}>
          Rules
        </Link>
        <a href={paths.directory} className={LINK}>
          Find a code
        </a>
      </nav>
    </footer>
  );
}
