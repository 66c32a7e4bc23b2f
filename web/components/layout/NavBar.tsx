import { useEffect, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { TIMINGS } from '../../../shared/limits.ts';
import { useMe, useSignOut } from '../../lib/session.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { paths } from '../../paths.ts';
import { buttonClasses } from '../ui/Button.tsx';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `inline-flex min-h-11 items-center rounded-lg px-2.5 text-sm font-medium transition-colors sm:px-3 ${
    isActive
      ? 'bg-accent-50 text-accent-700 dark:bg-gray-800 dark:text-accent-300'
      : 'text-gray-700 hover:bg-gray-100 dark:text-gray-200 dark:hover:bg-gray-800'
  }`;

/**
 * Whether to show the Admin link. The admin flag comes with the user record; if that has not
 * loaded within 3 s (spec §4), the bar gives up and treats the user as a non-admin until the
 * record is fetched again.
 */
function useAdminLinkVisible(me: ReturnType<typeof useMe>): boolean {
  const [gaveUp, setGaveUp] = useState(false);
  const loading = me.fetchStatus === 'fetching' && me.data === undefined;
  useEffect(() => {
    if (!loading) return;
    setGaveUp(false);
    const timer = setTimeout(() => setGaveUp(true), TIMINGS.adminCheckNavMs);
    return () => clearTimeout(timer);
  }, [loading]);
  return !gaveUp && me.data?.isAdmin === true;
}

/** The top bar: signed-out and signed-in variants of spec §2. */
export function NavBar() {
  const me = useMe();
  const signOut = useSignOut();
  const showAdmin = useAdminLinkVisible(me);
  // Pages rendered on the server show the signed-out bar (their HTML is the same for everyone);
  // who is signed in is known only once the browser has taken over.
  const hydrated = useHydrated();
  const user = hydrated ? me.data : null;
  const pending = hydrated && me.isPending;

  return (
    <header className="sticky top-0 z-30 border-b border-gray-200 bg-white/90 backdrop-blur dark:border-gray-800 dark:bg-gray-900/90">
      <nav
        aria-label="Main"
        className="mx-auto flex min-h-16 max-w-6xl flex-wrap items-center justify-between gap-x-2 px-4 py-2 sm:flex-nowrap sm:py-0"
      >
        <Link
          to={paths.home}
          className="flex min-h-11 items-center gap-2 rounded-lg text-lg font-bold tracking-tight text-gray-900 dark:text-white"
        >
          <img src="/logo.svg" alt="" width={32} height={32} className="h-8 w-8" />
          <span>Refstash</span>
        </Link>
        {pending ? (
          <div
            className="h-9 w-36 animate-pulse rounded-lg bg-gray-200 dark:bg-gray-800"
            aria-hidden="true"
          />
        ) : user ? (
          <>
            {/* Until the username step is done only Sign out shows: page links would lead back.
                On phones the page links take a second row; Sign out stays beside the logo. */}
            {user.username && (
              <div className="order-last -mx-2.5 flex w-full min-w-0 items-center gap-1 sm:order-none sm:mx-0 sm:ml-auto sm:w-auto sm:gap-2">
                <NavLink to={paths.dashboard} className={linkClass}>
                  Dashboard
                </NavLink>
                {showAdmin && (
                  <NavLink to={paths.admin} className={linkClass}>
                    Admin
                  </NavLink>
                )}
                <NavLink
                  to={paths.profile(user.username)}
                  className={(state) => `${linkClass(state)} min-w-0 max-w-48`}
                >
                  <span className="truncate">@{user.username}</span>
                </NavLink>
                <NavLink
                  to={paths.settings}
                  aria-label="Settings"
                  title="Settings"
                  className={(state) => `${linkClass(state)} min-w-11 justify-center`}
                >
                  <svg
                    viewBox="0 0 20 20"
                    className="h-5 w-5"
                    fill="currentColor"
                    aria-hidden="true"
                  >
                    <path
                      fillRule="evenodd"
                      d="M8.3 2.2a1 1 0 0 1 1-.8h1.4a1 1 0 0 1 1 .8l.3 1.6c.5.2 1 .5 1.4.8l1.5-.6a1 1 0 0 1 1.2.4l.7 1.2a1 1 0 0 1-.2 1.3l-1.2 1c.1.5.1 1.1 0 1.6l1.2 1a1 1 0 0 1 .2 1.3l-.7 1.2a1 1 0 0 1-1.2.4l-1.5-.6c-.4.3-.9.6-1.4.8l-.3 1.6a1 1 0 0 1-1 .8H9.3a1 1 0 0 1-1-.8L8 15.2c-.5-.2-1-.5-1.4-.8l-1.5.6a1 1 0 0 1-1.2-.4l-.7-1.2a1 1 0 0 1 .2-1.3l1.2-1a4.6 4.6 0 0 1 0-1.6l-1.2-1a1 1 0 0 1-.2-1.3l.7-1.2a1 1 0 0 1 1.2-.4l1.5.6c.4-.3.9-.6 1.4-.8l.3-1.6ZM10 12.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5Z"
                      clipRule="evenodd"
                    />
                  </svg>
                </NavLink>
              </div>
            )}
            <button
              type="button"
              className={`${buttonClasses('secondary', 'sm')} min-h-11`}
              onClick={() => signOut.mutate()}
              disabled={signOut.isPending}
            >
              Sign out
            </button>
          </>
        ) : (
          <div className="flex items-center gap-1 sm:gap-2">
            <Link to={paths.login} className={linkClass({ isActive: false })}>
              Sign in
            </Link>
            <Link to={paths.signup} className={`${buttonClasses('primary', 'sm')} min-h-11`}>
              Sign up
            </Link>
          </div>
        )}
      </nav>
    </header>
  );
}
