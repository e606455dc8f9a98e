import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { CurrentUser } from '@solar/shared/contracts/accounts';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { AnalyticsTab } from './analytics-tab';
import { AuditLogTab } from './audit-log-tab';
import { ClaimsTab } from './claims-tab';
import { DataSourcesTab } from './data-sources-tab';
import { TendersTab } from './tenders-tab';
import { AccreditationsTab, ReviewsTab, SupplierMatchesTab } from './trust-tabs';
import { UsersTab } from './users-tab';
import { WaitingTab } from './waiting-tab';

const TABS = [
  ['users', 'Users'],
  ['claims', 'Provider Claims'],
  ['tenders', 'Tenders'],
  ['analytics', 'Analytics'],
  ['waiting', 'Waiting'],
  ['data-sources', 'Data sources'],
  ['accreditations', 'Accreditations'],
  ['reviews', 'Reviews'],
  ['supplier-matches', 'Award suppliers'],
  ['audit', 'Audit Log'],
] as const;
type Tab = (typeof TABS)[number][0];
const isTab = (v: string | null): v is Tab => TABS.some(([t]) => t === v);

/**
 * The admin dashboard (docs/product/admin.md#admin-dashboard), on /admin and /dashboard for admins: Users,
 * Provider Claims and Tenders, plus Analytics, Waiting, Data sources and the audit log. The tab lives in the address.
 */
export function AdminDashboard({ user, actions }: { user: CurrentUser; actions?: React.ReactNode }) {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const [tab, setTab] = useState<Tab>(isTab(requested) ? requested : 'users');
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold text-slate-900">Admin Dashboard</h1>
          <p className="mt-1 text-muted-foreground">Signed in as {user.name}</p>
        </div>
        {actions}
      </div>
      <Tabs
        className="mt-8"
        value={tab}
        onValueChange={(value) => {
          setTab(value as Tab);
          const next = new URLSearchParams(params);
          next.set('tab', value);
          setParams(next, { replace: true });
        }}
      >
        <TabsList>
          {TABS.map(([value, label]) => (
            <TabsTrigger key={value} value={value}>
              {label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="users">
          <UsersTab currentUserId={user.id} />
        </TabsContent>
        <TabsContent value="claims">
          <ClaimsTab />
        </TabsContent>
        <TabsContent value="tenders">
          <TendersTab />
        </TabsContent>
        <TabsContent value="analytics">
          <AnalyticsTab />
        </TabsContent>
        <TabsContent value="waiting">
          <WaitingTab />
        </TabsContent>
        <TabsContent value="data-sources">
          <DataSourcesTab />
        </TabsContent>
        <TabsContent value="accreditations">
          <AccreditationsTab />
        </TabsContent>
        <TabsContent value="reviews">
          <ReviewsTab />
        </TabsContent>
        <TabsContent value="supplier-matches">
          <SupplierMatchesTab />
        </TabsContent>
        <TabsContent value="audit">
          <AuditLogTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}
