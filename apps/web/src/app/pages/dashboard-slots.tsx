import { Link } from '../../components/ui/link';
import { Building2 } from '../../components/ui/icons';
import type { CurrentUser } from '@solar/shared/contracts/accounts';
import { buttonClasses } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { ActiveProfilesHeader, ManageProfileTab } from './manage-profile-tab';
import { QuotesTab } from '../../features/quotes/components/quotes-tab';

/**
 * The dashboard's tab slots (docs/product/accounts.md#dashboard). The providers feature replaces
 * `ManageProfileTab` (active profiles and previous claims) and the quotes feature `QuotesTab`, each by
 * changing the one assignment in `dashboardSlots`; the defaults are the real empty states.
 */
export interface DashboardTabProps {
  user: CurrentUser;
}

export function EmptyManageProfileTab(_props: DashboardTabProps) {
  return (
    <Card>
      <ActiveProfilesHeader />
      <CardContent>
        <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-border px-4 py-10 text-center">
          <Building2 className="h-10 w-10 text-slate-400" aria-hidden />
          <p className="font-medium text-slate-900">You don&apos;t have any business profiles yet.</p>
          <p className="max-w-md text-sm text-muted-foreground">
            Create a new profile, or find your business in the directory and claim it.
          </p>
          <Link to="/providers" className={buttonClasses('secondary')}>
            Browse the provider directory
          </Link>
        </div>
      </CardContent>
    </Card>
  );
}

export function EmptyQuotesTab(_props: DashboardTabProps) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Quotes</CardTitle>
      </CardHeader>
      <CardContent>
        <Tabs defaultValue="received">
          <TabsList>
            <TabsTrigger value="received">Received Quotes</TabsTrigger>
            <TabsTrigger value="sent">Sent Quotes</TabsTrigger>
          </TabsList>
          <TabsContent value="received">
            <p className="py-8 text-center text-sm text-muted-foreground">No quote requests received yet.</p>
          </TabsContent>
          <TabsContent value="sent">
            <p className="py-8 text-center text-sm text-muted-foreground">No quotes sent yet.</p>
          </TabsContent>
        </Tabs>
      </CardContent>
    </Card>
  );
}

export const dashboardSlots: {
  ManageProfileTab: (props: DashboardTabProps) => React.ReactNode;
  QuotesTab: (props: DashboardTabProps) => React.ReactNode;
} = {
  ManageProfileTab,
  QuotesTab,
};
