import { Info, Loader2 } from '../../../components/ui/icons';
import type { ProviderSummary } from '@solar/shared/contracts/providers';
import { FEW_PROVIDERS } from '@solar/shared/constants/providers';
import { FewProviders } from '../../../components/few-providers';
import { ProviderCard } from '../../../components/provider-card';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { useMe } from '../../../lib/session/get-me';
import { useInvitableProviders } from '../api/list-invitable-providers';

export interface InviteProvidersProps {
  service: string;
  location: string;
  latitude: number | null;
  longitude: number | null;
  radius: number;
  invited: Record<string, { claimed: boolean }>;
  /** Names of providers chosen, for the list of those invited (they may not be in the results). */
  names?: Record<string, string>;
  /** Invited to a published tender already: they stay invited (decision 0447). */
  locked?: ReadonlySet<string>;
  /** The providers serving the tender's site, from its asset (issue 27 defect 5): offered first. */
  siteProviders?: ProviderSummary[];
  error?: string;
  onToggle(provider: ProviderSummary): void;
  /** 'Search within N km' when few providers match (decision 0360). */
  onWiden?(km: number): void;
}

/**
 * A private tender's invitations (docs/product/tenders.md#inviting-providers): providers of the service in the radius, 10 at a
 * time with Load More; unclaimed ones get a signed link at their public email, or go to the waiting list (decision 0404).
 */
export function InviteProviders({
  service,
  location,
  latitude,
  longitude,
  radius,
  invited,
  names = {},
  locked = new Set(),
  siteProviders = [],
  error,
  onToggle,
  onWiden,
}: InviteProvidersProps) {
  const { data: me } = useMe();
  const located = latitude !== null && longitude !== null;
  const providers = useInvitableProviders(
    { service, lat: latitude ?? undefined, lng: longitude ?? undefined, radius },
    true,
  );
  const providerList = providers.data?.pages.flatMap((p) => p.data) ?? [];
  const totalProviders = providers.data?.pages[0]?.pagination.total ?? 0;
  const invitedIds = Object.keys(invited);
  const invitedCount = invitedIds.length;
  const site = siteProviders.filter((p) => !!p.id);
  const card = (provider: ProviderSummary) => (
    <ProviderCard
      provider={provider}
      currentUserId={me?.id ?? null}
      showUnclaimed
      signInRedirect="/list-a-tender"
      tender={{ selected: !!invited[provider.id] || locked.has(provider.id), locked: locked.has(provider.id), onToggle: () => onToggle(provider) }}
    />
  );
  const unclaimedInvited = Object.values(invited).filter((p) => !p.claimed).length;
  const few =
    providers.isSuccess && totalProviders < FEW_PROVIDERS ? (
      <FewProviders
        total={totalProviders}
        services={[service]}
        radiusKm={located ? radius : null}
        location={location}
        onWiden={onWiden}
      />
    ) : null;
  return (
    <section aria-labelledby="invite-heading" className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="invite-heading" className="text-xl font-semibold">
          Invite providers
        </h2>
        <p className="text-sm text-slate-700" role="status">
          {invitedCount} selected
        </p>
      </div>
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      {invitedCount > 0 && (
        <p className="break-words text-sm text-slate-700">
          <span className="font-medium">Invited: </span>
          {invitedIds.map((id) => names[id] ?? 'A provider').join(', ')}
        </p>
      )}
      {site.length > 0 && (
        <div className="space-y-3">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h3 className="font-semibold">Providers serving this site</h3>
            <Button size="sm" variant="secondary" onClick={() => site.filter((p) => !invited[p.id]).forEach(onToggle)} disabled={site.every((p) => invited[p.id])}>
              Invite all {site.length}
            </Button>
          </div>
          <ul className="grid gap-4 sm:grid-cols-2">
            {site.map((provider) => (
              <li key={provider.id}>{card(provider)}</li>
            ))}
          </ul>
          <h3 className="font-semibold">More providers offering {service || 'the service'}</h3>
        </div>
      )}
      {!service ? (
        <Card className="p-6 text-sm text-slate-700">Choose a service to see the providers who offer it.</Card>
      ) : providers.isPending ? (
        <div className="flex items-center gap-2 text-sm text-slate-700" role="status">
          <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> Loading providers...
        </div>
      ) : providers.isError ? (
        <Card className="p-6 text-sm text-destructive" role="alert">
          Failed to fetch providers. {providers.error.message}
        </Card>
      ) : providerList.length === 0 ? (
        few
      ) : (
        <>
          <p className="text-sm text-slate-700">
            {totalProviders} provider{totalProviders === 1 ? '' : 's'} offer {service}
            {located ? ` within ${radius} km of ${location.split(',')[0]}` : ' across the UK'} (countrywide providers
            included).
          </p>
          <ul className="grid gap-4 sm:grid-cols-2">
            {providerList.map((provider) => (
              <li key={provider.id}>{card(provider)}</li>
            ))}
          </ul>
          {few}
          {providers.hasNextPage && (
            <div className="flex justify-center">
              <Button
                variant="secondary"
                onClick={() => void providers.fetchNextPage()}
                disabled={providers.isFetchingNextPage}
              >
                {providers.isFetchingNextPage ? 'Loading...' : 'Load More'}
              </Button>
            </div>
          )}
        </>
      )}
      {unclaimedInvited > 0 && (
        <Card className="flex items-start gap-2 border-amber-300 bg-amber-50 p-4 text-sm text-amber-950" role="note">
          <Info className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          <p>
            {unclaimedInvited} of the providers you invited {unclaimedInvited === 1 ? 'has' : 'have'} not claimed{' '}
            {unclaimedInvited === 1 ? 'its' : 'their'} profile yet. A profile with a public email address gets your
            invitation there, with a link to sign up and respond; our team contacts the others for you.
          </p>
        </Card>
      )}
    </section>
  );
}
