import { Link } from '../../components/ui/link';
import { Building2, ClipboardList, Map, Pencil, Plus, Search } from '../../components/ui/icons';
import type { CurrentUser } from '@solar/shared/contracts/accounts';
import type { UserClaim } from '@solar/shared/contracts/providers';
import { USER_TYPE_LABELS } from '@solar/shared/constants/accounts';
import { CLAIM_STATUS_LABELS, CLAIM_STATUS_MESSAGES } from '@solar/shared/constants/admin';
import { PROVIDER_MESSAGES } from '@solar/shared/constants/providers';
import { formatDate } from '@solar/shared/domain/format';
import { formatCount } from '@solar/shared/domain/count';
import { Badge } from '../../components/ui/badge';
import { buttonClasses } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { useUserProviders } from '../../features/providers/api/list-user-providers';

const BADGE = { pending: 'warning', approved: 'success', rejected: 'destructive' } as const;

/**
 * The account dashboard's Manage Profile tab (docs/product/accounts.md#manage-profile): the user's active business profiles
 * and previous claims with their status messages. Shown to both account types (decision 0233).
 */
export function ManageProfileTab({ user }: { user: CurrentUser }) {
  const mine = useUserProviders(user.id);
  if (mine.isPending) {
    return (
      <Card aria-busy="true">
        <CardHeader>
          <CardTitle>Active Business Profiles</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-3">
          <Skeleton className="h-16" />
          <Skeleton className="h-16" />
        </CardContent>
      </Card>
    );
  }
  if (mine.isError) {
    return (
      <div role="alert" className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900">
        <span>{(mine.error as Error).message || PROVIDER_MESSAGES.fetchProvidersFailed}</span>
        <button type="button" className="font-medium underline underline-offset-4" onClick={() => void mine.refetch()}>
          Retry
        </button>
      </div>
    );
  }
  const active = mine.data.providers.filter((p) => p.claimed && p.claimApproved);
  const claims = mine.data.claims;
  // A representative with no business profile and no claim sees what applies to them (decision 0354).
  if (user.type === 'representative' && active.length === 0 && claims.length === 0) return <RepresentativeProfile user={user} />;
  return (
    <div className="grid gap-6">
      <Card>
        <ActiveProfilesHeader />
        <CardContent>
          {active.length === 0 ? (
            <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-border px-4 py-8 text-center">
              <Building2 className="h-8 w-8 text-slate-400" aria-hidden />
              <p className="text-sm text-muted-foreground">No active business profiles yet. Profiles appear here once a claim is approved.</p>
              <Link to="/providers" className={buttonClasses('secondary')}>
                Browse the provider directory
              </Link>
            </div>
          ) : (
            <ul className="grid gap-3" aria-label="Active Business Profiles">
              {active.map((p) => (
                <li key={p.id} className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-border p-4">
                  <div className="min-w-0">
                    <p className="font-medium text-slate-900">{p.businessName}</p>
                    <p className="text-sm text-muted-foreground">
                      {[p.location && p.location !== '0' ? p.location : null, p.services.length ? formatCount(p.services.length, 'service') : 'No services listed']
                        .filter(Boolean)
                        .join(' · ')}
                    </p>
                  </div>
                  <Link to={`/providers/${p.slug}`} className={buttonClasses('secondary', 'sm')} aria-label={`Edit Profile: ${p.businessName}`}>
                    <Pencil className="h-4 w-4" aria-hidden /> Edit Profile
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Previous Claims</CardTitle>
        </CardHeader>
        <CardContent>
          {claims.length === 0 ? (
            <p className="py-4 text-center text-sm text-muted-foreground">
              You have not claimed a profile.{' '}
              <Link to="/providers" className="text-primary underline underline-offset-4">
                Find your business in the directory
              </Link>
            </p>
          ) : (
            <ul className="grid gap-3" aria-label="Previous Claims">
              {claims.map((claim) => (
                <ClaimItem key={claim.id} claim={claim} />
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

/** The Manage Profile tab of an asset representative who owns no business profile: their account and what they can do. */
function RepresentativeProfile({ user }: { user: CurrentUser }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Your account</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]">
          <dt className="text-muted-foreground">Account type</dt>
          <dd className="font-medium text-slate-900">{USER_TYPE_LABELS[user.type]}</dd>
          <dt className="text-muted-foreground">Company</dt>
          <dd className="font-medium text-slate-900">{user.company}</dd>
        </dl>
        <div className="flex flex-wrap gap-2">
          <Link to="/list-a-tender" className={buttonClasses('primary')}>
            <ClipboardList className="h-4 w-4" aria-hidden /> List a Tender
          </Link>
          <Link to="/providers" className={buttonClasses('secondary')}>
            <Search className="h-4 w-4" aria-hidden /> Find Providers
          </Link>
          <Link to="/asset-intel" className={buttonClasses('secondary')}>
            <Map className="h-4 w-4" aria-hidden /> Explore with AssetIntel
          </Link>
        </div>
        <p className="text-sm text-muted-foreground">
          Does your company also offer solar services?{' '}
          <Link to="/provider-create" className="text-primary underline underline-offset-4">
            Create a business profile
          </Link>{' '}
          or find it in the directory and claim it.
        </p>
      </CardContent>
    </Card>
  );
}

function ClaimItem({ claim }: { claim: UserClaim }) {
  return (
    <li className="grid gap-2 rounded-lg border border-border p-4" aria-label={`Claim on ${claim.providerName}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
          {claim.providerName}
          <Badge variant={BADGE[claim.status]}>{CLAIM_STATUS_LABELS[claim.status]}</Badge>
        </p>
        {claim.status === 'approved' ? (
          <Link to={`/providers/${claim.providerSlug}`} className={buttonClasses('secondary', 'sm')} aria-label={`Edit Profile: ${claim.providerName}`}>
            <Pencil className="h-4 w-4" aria-hidden /> Edit Profile
          </Link>
        ) : null}
      </div>
      <p className="text-sm text-muted-foreground">
        Claimed on {formatDate(claim.createdAt)} · {claim.reviewedAt ? `Reviewed on ${formatDate(claim.reviewedAt)}` : 'Not reviewed yet'}
      </p>
      <p className="text-sm text-slate-800">{CLAIM_STATUS_MESSAGES[claim.status]}</p>
      {claim.reviewMessage ? <p className="text-sm text-slate-700">Note from our team: {claim.reviewMessage}</p> : null}
    </li>
  );
}

/** The active profiles card's title and its Create New Profile link (also on the dashboard's empty slot). */
export function ActiveProfilesHeader() {
  return (
    <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
      <CardTitle>Active Business Profiles</CardTitle>
      <Link to="/provider-create" className={buttonClasses('primary')}>
        <Plus className="h-4 w-4" aria-hidden /> Create New Profile
      </Link>
    </CardHeader>
  );
}
