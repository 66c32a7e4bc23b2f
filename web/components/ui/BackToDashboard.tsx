import { Link } from 'react-router';
import { paths } from '../../paths.ts';

/** The way back from a page the dashboard opens (Stats, Settings): one tap target, 44 px high. */
export function BackToDashboard() {
  return (
    <Link
      to={paths.dashboard}
      className="inline-flex min-h-11 items-center text-sm font-medium text-accent-700 hover:underline dark:text-accent-300"
    >
      ← Dashboard
    </Link>
  );
}
