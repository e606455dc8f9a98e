import type { CurrentUser } from '@solar/shared/contracts/accounts';
import { Button } from '../../components/ui/button';
import { useLogout } from '../../features/accounts/api/logout';
import { AdminDashboard as AdminDashboardView } from '../../features/admin/components/admin-dashboard';

/**
 * The admin dashboard (docs/product/admin.md#admin-dashboard): shown on /admin and to admins on /dashboard,
 * with the Logout button of the account dashboard.
 */
export function AdminDashboard({ user }: { user: CurrentUser }) {
  const logout = useLogout();
  return (
    <AdminDashboardView
      user={user}
      actions={
        <Button variant="secondary" disabled={logout.isPending} onClick={() => logout.mutate()}>
          {logout.isPending ? 'Logging out...' : 'Logout'}
        </Button>
      }
    />
  );
}
