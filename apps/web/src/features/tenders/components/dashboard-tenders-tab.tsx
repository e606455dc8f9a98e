import type { ReactNode } from 'react';
import { Link } from '../../../components/ui/link';
import { BellRing, ClipboardList } from '../../../components/ui/icons';
import type { UserType } from '@solar/shared/constants/accounts';
import type { Tender } from '@solar/shared/contracts/tenders';
import { tenderOutcome } from '@solar/shared/domain/tenders';
import { TENDER_RESPONSE_STATE_LABELS } from '@solar/shared/constants/tender-lifecycle';
import { formatCount } from '@solar/shared/domain/count';
import { Badge } from '../../../components/ui/badge';
import { buttonClasses } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { fieldControl } from '../../../components/ui/field';
import { Skeleton } from '../../../components/ui/skeleton';
import { Switch } from '../../../components/ui/switch';
import { toast } from '../../../components/ui/toast-store';
import { useMyTenders, useUpdateTenderAlerts } from '../api/get-my-tenders';
import { DeadlineCountdown } from './deadline-countdown';
import { TenderOwnerActions } from './tender-owner-panel';
import { EvaluatingTendersCard } from './evaluating-tenders-card';

/**
 * The dashboard's 'Tenders' tab (decision 0180, beyond the spec's three tabs): the user's own tenders
 * with the owner's actions on each row (decision 0407), invitations to providers they own, saved
 * tenders and reminders, and the new-tender alert switch.
 */
export function DashboardTendersTab({ accountType }: { accountType: UserType }) {
  const query = useMyTenders();
  if (query.isPending) return <Skeleton className="h-64 w-full" />;
  if (query.isError)
    return (
      <Card className="p-6 text-sm text-destructive" role="alert">
        Failed to fetch tenders. {query.error.message}
      </Card>
    );
  const { own, invitations, responses, saved, alerts: setting } = query.data;
  // Alerts and invitations work through a business profile: a representative without one does not see them (decision 0354).
  const forProfiles = accountType === 'provider' || setting.hasProviderProfile || setting.enabled || invitations.length > 0 || responses.length > 0;
  return (
    <div className="space-y-6">
      {forProfiles && <AlertsCard enabled={setting.enabled} hasProviderProfile={setting.hasProviderProfile} />}

      <TenderSection
        title="My Tenders"
        empty={
          <>
            You haven&apos;t listed a tender yet.{' '}
            <Link to="/list-a-tender" className="font-medium text-primary underline">
              List a Tender
            </Link>
          </>
        }
        items={own.map((t) => ({
          tender: t,
          actions: t.source === 'Solar Manager' ? <TenderOwnerActions tender={t} responseCount={t.responseCount} /> : undefined,
          note: [
            // Invited from the directory and by email alike (issue 27 defect 11).
            t.stage === 'draft' ? 'Draft' : t.type === 'private' ? `${t.invitedProviders.length + t.emailInvitations} invited` : 'On the tender board',
            t.stage !== 'draft' && formatCount(t.responseCount, 'response'),
            t.unansweredQuestions > 0 && `${formatCount(t.unansweredQuestions, 'question')} to answer`,
          ]
            .filter(Boolean)
            .join(' · '),
        }))}
      />
      {forProfiles && (
        <TenderSection
          title="Invitations"
          empty="No invitations yet. Owners of private tenders can invite your business profiles."
          items={invitations.map((t) => ({ tender: t, note: `Invited: ${t.invitedProviderNames.join(', ')} · ${t.responded ? 'Responded' : 'Not responded yet'}` }))}
        />
      )}
      {forProfiles && (
        // Every tender the user responded to, open or invited, with where the response stands (issue 27 defect 6).
        <TenderSection
          title="My Responses"
          empty="No responses yet. Tenders you respond to are listed here with their outcome."
          items={responses.map((t) => ({ tender: t, note: `${t.response.providerName} · ${TENDER_RESPONSE_STATE_LABELS[t.response.state]}` }))}
        />
      )}
      <EvaluatingTendersCard />
      <TenderSection
        title="Saved Tenders"
        empty={
          <>
            Nothing saved yet.{' '}
            <Link to="/explore-tenders" className="font-medium text-primary underline">
              Explore tenders
            </Link>
          </>
        }
        items={saved.map((s) => ({ tender: s.tender, note: s.kind === 'later' ? 'Saved for later: reminder 2 days before closing' : 'Saved' }))}
      />
    </div>
  );
}

/** The new-tender alert switch (decision 0180): alerts match the services of a business profile the user owns. */
function AlertsCard({ enabled: on, hasProviderProfile }: { enabled: boolean; hasProviderProfile: boolean }) {
  const alerts = useUpdateTenderAlerts();
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
        <div className="flex items-start gap-3">
          <BellRing className="mt-1 h-5 w-5 text-primary" aria-hidden />
          <div>
            <CardTitle className="text-lg">New tender alerts</CardTitle>
            <p id="tender-alerts-hint" className="text-sm text-muted-foreground">
              {hasProviderProfile
                ? 'At most one email a day with new open tenders that match your services and service area.'
                : 'Alerts match the services of a business profile you own: claim or create one to receive them.'}
            </p>
          </div>
        </div>
        <Switch
          {...fieldControl('tender-alerts', { hint: true })}
          aria-label="Email me new matching tenders"
          checked={on}
          disabled={alerts.isPending}
          onCheckedChange={(enabled) =>
            alerts.mutate(enabled, {
              onSuccess: () => toast({ title: enabled ? 'Alerts on' : 'Alerts off', description: enabled ? 'We will email you new matching tenders.' : 'You will no longer receive tender alerts.' }),
              onError: (error) => toast({ title: 'Error', description: error.message, variant: 'destructive' }),
            })
          }
        />
      </CardHeader>
    </Card>
  );
}

function TenderSection({ title, items, empty }: { title: string; items: Array<{ tender: Tender; note: string; actions?: ReactNode }>; empty: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{title}</CardTitle>
      </CardHeader>
      <CardContent>
        {items.length === 0 ? (
          <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed border-border px-4 py-8 text-center text-sm text-slate-700">
            <ClipboardList className="h-8 w-8 text-slate-400" aria-hidden />
            <p>{empty}</p>
          </div>
        ) : (
          <ul className="divide-y divide-border">
            {items.map(({ tender, note, actions }) => (
              <li key={`${tender.id}-${note}`} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div className="min-w-0 max-w-full">
                  <Link to={`/tender/${tender.id}`} className="font-medium text-slate-900 hover:text-primary hover:underline">
                    {tender.title}
                  </Link>
                  <p className="text-sm text-muted-foreground">
                    {note} ·{' '}
                    {tender.closingDate ? <DeadlineCountdown closesAt={tender.closingDate} className="inline-flex" /> : 'No closing date'}
                  </p>
                </div>
                <div className="flex items-center gap-2">
                  {tender.type === 'private' && <Badge variant="warning">Private</Badge>}
                  {/* Each party's own outcome: Draft, Awarded, Won, Unsuccessful, Cancelled (issue 27 defect 7); otherwise the spec's Open / Closed. */}
                  <Badge variant={tenderOutcome(tender).tone}>{tenderOutcome(tender).badge}</Badge>
                </div>
                {actions && <div className="w-full">{actions}</div>}
              </li>
            ))}
          </ul>
        )}
        {title === 'My Tenders' && items.length > 0 && (
          <Link to="/list-a-tender" className={buttonClasses('secondary', 'sm', 'mt-4')}>
            List another tender
          </Link>
        )}
      </CardContent>
    </Card>
  );
}
