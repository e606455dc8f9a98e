import { Link } from '../../components/ui/link';
import type { CurrentUser } from '@solar/shared/contracts/accounts';
import { Button, buttonClasses } from '../../components/ui/button';
import { useLogout } from '../../features/accounts/api/logout';

/** Login, Logout ('Logging out...' while pending) or a disabled 'Loading...' while auth state loads. */
export function AuthButton({ user, loading, onNavigate }: { user: CurrentUser | null | undefined; loading: boolean; onNavigate?(): void }) {
  const logout = useLogout();
  if (loading) {
    return (
      <Button variant="secondary" disabled>
        Loading...
      </Button>
    );
  }
  if (user) {
    return (
      <Button variant="secondary" disabled={logout.isPending} onClick={() => logout.mutate(undefined, { onSettled: onNavigate })}>
        {logout.isPending ? 'Logging out...' : 'Logout'}
      </Button>
    );
  }
  return (
    <Link to="/auth" onClick={onNavigate} className={buttonClasses('primary')}>
      Login
    </Link>
  );
}

export function DashboardLink({ user, onNavigate, className }: { user: CurrentUser; onNavigate?(): void; className?: string }) {
  return user.is_admin ? (
    <Link to="/admin" onClick={onNavigate} className={className}>
      Admin Dashboard
    </Link>
  ) : (
    <Link to="/dashboard" onClick={onNavigate} className={className}>
      Dashboard
    </Link>
  );
}
