import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { AUTH_MESSAGES } from '../../../shared/auth-messages.ts';
import { PageSkeleton } from '../../components/layout/PageSkeleton.tsx';
import { useMe } from '../../lib/session.ts';
import { paths } from '../../paths.ts';

/**
 * Signed-in pages: signed-out visitors go to /login; a user with no username yet is sent
 * back to the username step; a failing session check says so.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const me = useMe();
  if (me.isPending) return <PageSkeleton />;
  if (me.isError) {
    return (
      <p
        role="alert"
        className="mx-auto max-w-md px-4 py-16 text-center text-red-700 dark:text-red-400"
      >
        {AUTH_MESSAGES.authLoadFailed}
      </p>
    );
  }
  if (!me.data) return <Navigate to={paths.login} replace />;
  if (!me.data.username) return <Navigate to={paths.finishSignUp} replace />;
  return <>{children}</>;
}
