import { lazy, Suspense, type ReactNode } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { FirstScreenOr, NotFoundPage, PageSpinner, useSignInState } from '@levelup/web-kit';
import { useSignInHref } from '../lib/sign-in-href.ts';
import { ProtectedRoute } from '../features/auth/protected-route.tsx';
import { AppLayout } from '../features/navigation/app-layout.tsx';
import { RemoteSection, type RemoteLoader } from '../features/remotes/remote-section.tsx';
import { remoteFor } from '../features/remotes/remote-preload.ts';

// Pages a signed-in user rarely needs on the first load are fetched on demand, with their antd components
// (forms, tabs), so the first dashboard load stays small.
const AuthPage = lazy(() =>
  import('../features/auth/auth-page.tsx').then((m) => ({ default: m.AuthPage })),
);
const loadLandingPage = () => import('../features/landing/landing-page.tsx');
const LandingPage = lazy(() => loadLandingPage().then((m) => ({ default: m.LandingPage })));

/**
 * The landing page's code (its 'See How It Works' dialog included), fetched ahead of its use: on the
 * prerendered landing page (the app is started by a visitor's first move, and it loads beside the sign-in
 * check instead of one after the other behind it), and when a signed-in user reaches for Logout, so the
 * signed-out page is drawn at the press rather than after a fetch.
 */
export function preloadLandingPage() {
  void loadLandingPage();
}
const ProfilePage = lazy(() =>
  import('./profile-route.tsx').then((m) => ({ default: m.ProfileRoute })),
);

const page = (element: ReactNode) => <Suspense fallback={<PageSpinner />}>{element}</Suspense>;

/** '/' is the landing page for visitors and the dashboard (mfe_quests) for signed-in users. */
function HomeRoute({ loader }: { loader?: RemoteLoader }) {
  const { isLoading, isSignedIn } = useSignInState();
  const signInHref = useSignInHref();
  if (isLoading) return <FirstScreenOr fallback={<PageSpinner />} />;
  return isSignedIn ? (
    <RemoteSection key="mfe_quests" remote="mfe_quests" loader={loader} />
  ) : (
    // The prerendered landing page stays on screen while its code loads (see holdFirstScreen).
    <Suspense fallback={<FirstScreenOr fallback={<PageSpinner />} />}>
      <LandingPage loginHref={signInHref} />
    </Suspense>
  );
}

function SectionRoute({ loader }: { loader?: RemoteLoader }) {
  const remote = remoteFor(useLocation().pathname);
  if (!remote) return <NotFoundPage />;
  return (
    <ProtectedRoute>
      <RemoteSection key={remote} remote={remote} loader={loader} />
    </ProtectedRoute>
  );
}

export function AppRoutes({ loader }: { loader?: RemoteLoader }) {
  return (
    <Routes>
      <Route element={<AppLayout onLogoutIntent={preloadLandingPage} />}>
        <Route index element={<HomeRoute loader={loader} />} />
        <Route path="auth" element={page(<AuthPage />)} />
        <Route path="profile" element={<ProtectedRoute>{page(<ProfilePage />)}</ProtectedRoute>} />
        <Route path="*" element={<SectionRoute loader={loader} />} />
      </Route>
    </Routes>
  );
}
