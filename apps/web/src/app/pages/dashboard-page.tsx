import { useSearchParams } from 'react-router';
import { DASHBOARD_SUBTITLES } from '@solar/shared/constants/accounts';
import { Button } from '../../components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { useMe } from '../../lib/session/get-me';
import { useLogout } from '../../features/accounts/api/logout';
import { RequireAuth } from '../../components/require-auth';
import { SettingsTab } from '../../features/accounts/components/settings-tab';
import { AdminDashboard } from './admin-page';
import { NotFoundPage } from './not-found-page';
import { PageFallback } from '../layout/root-layout';
import { dashboardSlots } from './dashboard-slots';
import { DashboardTendersTab } from '../../features/tenders/components/dashboard-tenders-tab';
import { SavedSearchesTab } from '../../features/alerts/components/saved-searches-tab';

const TABS = ['profile', 'quotes', 'tenders', 'searches', 'settings'] as const;
type Tab = (typeof TABS)[number];

/** /dashboard: admins get the admin dashboard; other users the account dashboard (docs/product/accounts.md#dashboard). */
export function DashboardPage() {
  return (
    <RequireAuth redirectTo="/login">
      <DashboardSwitch />
    </RequireAuth>
  );
}

function DashboardSwitch() {
  const { data: user } = useMe();
  if (!user) return null;
  return user.is_admin ? <AdminDashboard user={user} /> : <AccountDashboard />;
}

function AccountDashboard() {
  const { data: user } = useMe();
  const logout = useLogout();
  const [params, setParams] = useSearchParams();
  // The address is the tab's one home: a link to another tab (a notification's
  // '/dashboard?tab=searches&search=…') opens it even while the dashboard is showing.
  const tab: Tab = TABS.includes(params.get('tab') as Tab) ? (params.get('tab') as Tab) : 'profile';
  if (!user) return null;
  const { ManageProfileTab, QuotesTab } = dashboardSlots;
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold text-slate-900">Welcome, {user.name}</h1>
          <p className="mt-1 text-muted-foreground">{DASHBOARD_SUBTITLES[user.type]}</p>
        </div>
        <Button variant="secondary" disabled={logout.isPending} onClick={() => logout.mutate()}>
          {logout.isPending ? 'Logging out...' : 'Logout'}
        </Button>
      </div>
      <Tabs
        className="mt-8"
        value={tab}
        onValueChange={(value) => {
          const next = new URLSearchParams(params);
          next.set('tab', value);
          setParams(next, { replace: true });
        }}
      >
        <TabsList>
          <TabsTrigger value="profile">Manage Profile</TabsTrigger>
          <TabsTrigger value="quotes">Quotes</TabsTrigger>
          <TabsTrigger value="tenders">Tenders</TabsTrigger>
          <TabsTrigger value="searches">Saved searches</TabsTrigger>
          <TabsTrigger value="settings">Settings</TabsTrigger>
        </TabsList>
        <TabsContent value="profile">
          <ManageProfileTab user={user} />
        </TabsContent>
        <TabsContent value="quotes">
          <QuotesTab user={user} />
        </TabsContent>
        <TabsContent value="tenders">
          <DashboardTendersTab accountType={user.type} />
        </TabsContent>
        <TabsContent value="searches">
          <SavedSearchesTab />
        </TabsContent>
        <TabsContent value="settings">
          <SettingsTab user={user} />
        </TabsContent>
      </Tabs>
    </div>
  );
}

/** /admin: the admin dashboard for admins; the not-found page for everyone else (docs/product/admin.md#admin-dashboard). */
export function AdminRoutePage() {
  const { data: user, isPending } = useMe();
  if (isPending) return <PageFallback />;
  return user?.is_admin ? <AdminDashboard user={user} /> : <NotFoundPage />;
}
