import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { Navigate, NavLink, Outlet } from 'react-router';
import { BrandLockup } from '@/components/layout/brand-lockup';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { TooltipProvider } from '@/components/ui/tooltip';
import { getAdminSessionQueryOptions, logout } from '@/features/admin-auth/api/admin-auth.api';
import { useAdminSession } from '@/features/admin-auth/lib/use-admin-session';
import { adminSession } from '@/lib/api-client';
import './admin.css';

export const ADMIN_AUTH_PATH = '/admin/auth';

const isAdminQuery = (key: readonly unknown[]) =>
  typeof key[0] === 'string' && key[0].startsWith('/api/admin/');

function SignOutButton() {
  const mutation = useMutation({
    mutationFn: logout,
    // Signed out either way: the local session goes even if the server could not be reached.
    onSettled: () => adminSession.clear(),
  });
  return (
    <Button variant="secondary" size="sm" onClick={() => mutation.mutate()} disabled={mutation.isPending}>
      {mutation.isPending ? 'Signing out...' : 'Sign out'}
    </Button>
  );
}

function SessionGate({ sessionId }: { sessionId: string }) {
  // A 401 here (or from any admin call) clears the session, which sends the operator to sign-in.
  const sessionQuery = useQuery(getAdminSessionQueryOptions(sessionId));
  if (sessionQuery.isPending) return <Spinner label="Checking your session..." />;
  return (
    <Suspense fallback={<Spinner label="Loading..." />}>
      <Outlet />
    </Suspense>
  );
}

/** Every /admin screen: only with a session; a header with the sections and Sign out. */
export default function AdminLayoutRoute() {
  const sessionId = useAdminSession();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!sessionId) queryClient.removeQueries({ predicate: (query) => isAdminQuery(query.queryKey) });
  }, [sessionId, queryClient]);

  if (!sessionId) return <Navigate to={ADMIN_AUTH_PATH} replace />;

  return (
    <TooltipProvider>
      <div className="admin-page">
        <a href="#admin-main" className="skip-link">
          Skip to content
        </a>
        <header className="admin-header">
          <div className="admin-container admin-header__inner">
            <BrandLockup withTagline={false} />
            <nav aria-label="Operator sections" className="admin-nav">
              <NavLink to="/admin" end className="admin-nav__link">
                Dashboard
              </NavLink>
              <NavLink to="/admin/prompts" className="admin-nav__link">
                Prompts
              </NavLink>
              <NavLink to="/admin/flows" className="admin-nav__link">
                Flows
              </NavLink>
            </nav>
            <SignOutButton />
          </div>
        </header>
        <main id="admin-main" className="admin-container admin-main">
          <SessionGate sessionId={sessionId} />
        </main>
      </div>
    </TooltipProvider>
  );
}
