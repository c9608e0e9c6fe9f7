import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { FirstScreenOr, PageSpinner, useSignInState } from '@levelup/web-kit';

/** Signed-in only: a spinner (or the server's first screen) while sign-in state loads, then /auth for visitors. */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const { isLoading, isSignedIn } = useSignInState();
  if (isLoading) return <FirstScreenOr fallback={<PageSpinner />} />;
  if (!isSignedIn) return <Navigate to="/auth" replace />;
  return children;
}
