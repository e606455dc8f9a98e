import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { signInPath } from '@solar/shared/domain/redirect';
import { useMe } from '../lib/session/get-me';

export interface RequireAuthProps {
  /**
   * Where signed-out visitors go: the quote page uses '/auth' (docs/product/accounts.md#route-guard: the more specific
   * statement); provider creation and media use '/login' (the ruling).
   */
  redirectTo: '/auth' | '/login';
  children: ReactNode;
  /** Shown while the current user loads. */
  fallback?: ReactNode;
}

/**
 * The route guard: signed-out visitors are sent to `${redirectTo}?redirect=` + the encoded path and
 * query, and come back after signing in. The server checks access on every call as well.
 */
export function RequireAuth({ redirectTo, children, fallback }: RequireAuthProps) {
  const { data: user, isPending } = useMe();
  const location = useLocation();
  if (isPending) {
    return (
      fallback ?? (
        <div role="status" className="flex min-h-[40vh] items-center justify-center text-sm text-muted-foreground">
          Loading...
        </div>
      )
    );
  }
  if (!user) return <Navigate to={signInPath(redirectTo, `${location.pathname}${location.search}`)} replace />;
  return <>{children}</>;
}
