import { Link, NavLink, useNavigate } from 'react-router';
import { useMe, useSignOut } from '../../features/auth/api.ts';
import { paths } from '../../paths.ts';
import { buttonClasses } from '../ui/Button.tsx';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-medium transition-colors ${
    isActive
      ? 'bg-accent-50 text-accent-700 dark:bg-gray-800 dark:text-accent-300'
      : 'text-gray-700 hover:bg-gray-100 dark:text-gray-200 dark:hover:bg-gray-800'
  }`;

/** The top bar: signed-out and signed-in variants of spec §2. */
export function NavBar() {
  const me = useMe();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const user = me.data;

  return (
    <header className="sticky top-0 z-30 border-b border-gray-200 bg-white/90 backdrop-blur dark:border-gray-800 dark:bg-gray-900/90">
      <nav
        aria-label="Main"
        className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4"
      >
        <Link
          to={paths.home}
          className="flex min-h-11 items-center gap-2 rounded-lg text-lg font-bold tracking-tight text-gray-900 dark:text-white"
        >
          <img src="/logo.svg" alt="" width={32} height={32} className="h-8 w-8" />
          <span>Refstash</span>
        </Link>
        {user ? (
          <div className="flex min-w-0 items-center gap-1 sm:gap-2">
            <NavLink to={paths.dashboard} className={linkClass}>
              Dashboard
            </NavLink>
            {user.isAdmin && (
              <NavLink to={paths.admin} className={linkClass}>
                Admin
              </NavLink>
            )}
            {user.username && (
              <NavLink
                to={paths.profile(user.username)}
                className={(state) => `${linkClass(state)} hidden max-w-40 truncate sm:inline-flex`}
              >
                @{user.username}
              </NavLink>
            )}
            <button
              type="button"
              className={buttonClasses('secondary', 'sm')}
              onClick={() => signOut.mutate(undefined, { onSettled: () => navigate(paths.home) })}
              disabled={signOut.isPending}
            >
              Sign out
            </button>
          </div>
        ) : (
          <div className="flex items-center gap-1 sm:gap-2">
            <Link to={paths.login} className={linkClass({ isActive: false })}>
              Sign in
            </Link>
            <Link to={paths.signup} className={buttonClasses('primary', 'sm')}>
              Sign up
            </Link>
          </div>
        )}
      </nav>
    </header>
  );
}
