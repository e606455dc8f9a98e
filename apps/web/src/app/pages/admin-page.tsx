import type { CurrentUser } from '@solar/shared/contracts/accounts';

/**
 * The admin dashboard (accounts §2 Admin dashboard): shown on /admin and to admins on /dashboard.
 * The admin issue fills in the Users, Provider Claims and Tenders tabs.
 */
export function AdminDashboard({ user }: { user: CurrentUser }) {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8">
      <h1 className="text-3xl font-bold text-slate-900">Admin Dashboard</h1>
      <p className="mt-1 text-muted-foreground">Signed in as {user.name}</p>
    </div>
  );
}
