import { lazy, type ReactNode, Suspense } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { RouteErrorBoundary } from './components/errors/RouteErrorBoundary.tsx';
import { PageSkeleton } from './components/layout/PageSkeleton.tsx';
import { paths } from './paths.ts';

// Each screen is its own chunk: a visitor opening a profile never downloads the landing page.
const LandingPage = lazy(() => import('./features/landing/LandingPage.tsx'));
const SignInPage = lazy(() => import('./features/auth/SignInPage.tsx'));
const DashboardPage = lazy(() => import('./features/dashboard/DashboardPage.tsx'));
const SettingsPage = lazy(() => import('./features/settings/SettingsPage.tsx'));
const StatsPage = lazy(() => import('./features/stats/StatsPage.tsx'));
const AdminPage = lazy(() => import('./features/admin/AdminPage.tsx'));
// Service pages and their directory (decision 070): their own chunk, outside the profile's budget.
const DiscoveryRoute = lazy(() => import('./features/discovery/DiscoveryRoute.tsx'));
const RulesPage = lazy(() => import('./features/rules/RulesPage.tsx'));
const ProfileRoute = lazy(() => import('./features/profile/ProfileRoute.tsx'));
const NotFoundPage = lazy(() =>
  import('./components/errors/NotFoundPage.tsx').then((module) => ({
    default: module.NotFoundPage,
  })),
);
// Lazy too: it reads the auth messages, whose module builds zod schemas, and a visitor opening a
// profile must not download zod (see scripts/bundle-budget.test.ts).
const RequireAuth = lazy(() =>
  import('./features/auth/RequireAuth.tsx').then((module) => ({ default: module.RequireAuth })),
);

function Screen({ children }: { children: ReactNode }) {
  const location = useLocation();
  return (
    <RouteErrorBoundary resetKey={location.pathname}>
      <Suspense fallback={<PageSkeleton />}>{children}</Suspense>
    </RouteErrorBoundary>
  );
}

/** Every route of spec §2. */
export function AppRoutes() {
  return (
    <Routes>
      <Route
        path={paths.home}
        element={
          <Screen>
            <LandingPage />
          </Screen>
        }
      />
      <Route path={paths.signup} element={<Navigate to={paths.magicLink} replace />} />
      <Route path={paths.login} element={<Navigate to={paths.magicLink} replace />} />
      <Route
        path={paths.magicLink}
        element={
          <Screen>
            <SignInPage />
          </Screen>
        }
      />
      <Route
        path={paths.finishSignUp}
        element={
          <Screen>
            <SignInPage />
          </Screen>
        }
      />
      <Route
        path={paths.dashboard}
        element={
          <Screen>
            <RequireAuth>
              <DashboardPage />
            </RequireAuth>
          </Screen>
        }
      />
      <Route
        path={paths.stats}
        element={
          <Screen>
            <RequireAuth>
              <StatsPage />
            </RequireAuth>
          </Screen>
        }
      />
      <Route
        path={paths.settings}
        element={
          <Screen>
            <RequireAuth>
              <SettingsPage />
            </RequireAuth>
          </Screen>
        }
      />
      <Route
        path={paths.admin}
        element={
          <Screen>
            {/* AdminPage runs its own check: it must give up after 2 s (spec §4). */}
            <AdminPage />
          </Screen>
        }
      />
      <Route
        path={paths.rules}
        element={
          <Screen>
            <RulesPage />
          </Screen>
        }
      />
      <Route path="/s/:serviceId?" element={<Screen>{<DiscoveryRoute />}</Screen>} />
      {/* One element for both: moving between a profile and one of its codes keeps the page. */}
      <Route
        path="/:username"
        element={
          <Screen>
            <ProfileRoute />
          </Screen>
        }
      />
      <Route
        path="/:username/:codeId"
        element={
          <Screen>
            <ProfileRoute />
          </Screen>
        }
      />
      <Route
        path="*"
        element={
          <Screen>
            <NotFoundPage />
          </Screen>
        }
      />
    </Routes>
  );
}
