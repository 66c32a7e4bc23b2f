import { useEffect, useState } from 'react';
import { Navigate } from 'react-router';
import { TIMINGS } from '../../../shared/limits.ts';
import { PageSkeleton } from '../../components/layout/PageSkeleton.tsx';
import { useMe } from '../../lib/session.ts';
import { paths } from '../../paths.ts';
import { AccessDenied } from './AccessDenied.tsx';
import { AdminDashboard } from './AdminDashboard.tsx';

/** True once `ms` have passed while `waiting` stayed true. */
function useGaveUp(waiting: boolean, ms: number): boolean {
  const [gaveUp, setGaveUp] = useState(false);
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => setGaveUp(true), ms);
    return () => clearTimeout(timer);
  }, [waiting, ms]);
  return gaveUp;
}

/**
 * /admin: signed-out visitors go to /login; if the user record has not loaded within 2 s the
 * user is treated as a non-admin (spec §4). The server re-checks every admin call anyway.
 */
export default function AdminPage() {
  const me = useMe();
  const gaveUp = useGaveUp(me.isPending, TIMINGS.adminCheckRouteMs);
  if (me.data === null) return <Navigate to={paths.login} replace />;
  if (me.data && !me.data.username) return <Navigate to={paths.finishSignUp} replace />;
  if (me.data?.isAdmin) return <AdminDashboard />;
  if (me.data || me.isError || gaveUp) return <AccessDenied />;
  return <PageSkeleton />;
}
