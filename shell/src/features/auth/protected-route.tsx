import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { PageSpinner, useAuth } from '@levelup/web-kit';

/** Signed-in only: a spinner while sign-in state loads, then /auth for visitors (core.md section 2). */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const { isLoading, isSignedIn } = useAuth();
  if (isLoading) return <PageSpinner />;
  if (!isSignedIn) return <Navigate to="/auth" replace />;
  return children;
}
