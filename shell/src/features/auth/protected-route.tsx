import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { FirstScreenOr, PageSpinner, useSignInState, wasSignedOutHere } from '@levelup/web-kit';

/**
 * Signed-in only: a spinner (or the server's first screen) while sign-in state loads, then /auth for
 * visitors, or the landing page right after the user's own Logout.
 */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const { isLoading, isSignedIn } = useSignInState();
  if (isLoading) return <FirstScreenOr fallback={<PageSpinner />} />;
  if (!isSignedIn) return <Navigate to={wasSignedOutHere() ? '/' : '/auth'} replace />;
  return children;
}
