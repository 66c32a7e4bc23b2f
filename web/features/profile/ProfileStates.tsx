import { Link } from 'react-router';
import { NotFoundPage } from '../../components/errors/NotFoundPage.tsx';
import { buttonClasses } from '../../components/ui/Button.tsx';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { useUsernameAvailability } from '../../lib/username-availability.ts';
import { paths } from '../../paths.ts';

/**
 * The USER_NOT_FOUND view of spec §2. Whether the name can be had is asked once the browser has
 * taken over (the HTML says only 'Check the link'): a name held for 90 days after a rename or a
 * deletion, or a reserved one, must not invite a visitor to take it (issue 24).
 */
export function ProfileNotFound({ username }: { username?: string }) {
  const hydrated = useHydrated();
  const name = username?.toLowerCase() ?? null;
  const availability = useUsernameAvailability(hydrated ? name : null);
  const available = availability.data?.available;
  return (
    <NotFoundPage
      title="Profile not found"
      message={
        available === true
          ? 'Nobody has this username yet. Check the link, or make it yours.'
          : available === false
            ? 'This username is not available. Check the link.'
            : 'Check the link.'
      }
      actions={
        <>
          <Link to={paths.home} className={buttonClasses('secondary')}>
            Go Home
          </Link>
          <Link to={paths.signup} className={buttonClasses('primary')}>
            Get Started
          </Link>
        </>
      }
    />
  );
}

/** Card-shaped placeholders while the profile loads. */
export function ProfileSkeleton() {
  return (
    <div role="status" aria-busy="true" className="animate-pulse">
      <span className="sr-only">Loading…</span>
      <div className="h-8 w-2/3 rounded-lg bg-gray-200 sm:w-1/3 dark:bg-gray-800" />
      <ul className="mt-8 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {[0, 1, 2, 3, 4, 5].map((key) => (
          <li key={key} className="h-20 rounded-xl bg-gray-200 dark:bg-gray-800" />
        ))}
      </ul>
    </div>
  );
}
