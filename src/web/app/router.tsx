import {
  createRootRoute,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Outlet,
} from '@tanstack/react-router';
import { Suspense } from 'react';
import { useDoctorSession } from '../data/auth-client';
import { InstallBanner } from './install-banner';
import { LoadingScreen } from '../ui/loading-screen';
import { parseWorkspaceSearch } from '../data/workspace-views';

// Each screen is its own chunk: a signed-out visitor downloads the landing only, a doctor the
// workspace, and /settings loads when a link to it is hovered or focused (preload on intent).
const LandingPage = lazyRouteComponent(
  () => import('../features/landing/landing-page'),
  'LandingPage',
);
const WorkspacePage = lazyRouteComponent(() => import('./workspace-page'), 'WorkspacePage');

function RootLayout() {
  return (
    <>
      <Suspense fallback={<LoadingScreen />}>
        <Outlet />
      </Suspense>
      <InstallBanner />
    </>
  );
}

/** `/`: the landing for visitors, the workspace for a signed-in doctor. */
function HomeRoute() {
  const session = useDoctorSession();
  if (session.status === 'loading') return <LoadingScreen />;
  if (session.status === 'signed-out') return <LandingPage />;
  return <WorkspacePage doctor={session.doctor} />;
}

const rootRoute = createRootRoute({ component: RootLayout });

const homeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  validateSearch: parseWorkspaceSearch,
  component: HomeRoute,
});

const settingsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/settings',
  component: lazyRouteComponent(() => import('./settings-page'), 'SettingsRoute'),
});

export const router = createRouter({
  routeTree: rootRoute.addChildren([homeRoute, settingsRoute]),
  defaultPreload: 'intent',
  defaultPendingComponent: LoadingScreen,
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
