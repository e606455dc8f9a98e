import { useParams } from 'react-router';
import { Link } from '../../components/ui/link';
import { RequireAuth } from '../../components/require-auth';
import { buttonClasses } from '../../components/ui/button';
import { useMe } from '../../lib/session/get-me';
import { useProvider } from '../../features/providers/api/get-provider';
import { AccreditationsManager } from '../../features/trust/components/accreditations-manager';
import { CompanyCard } from '../../features/trust/components/company-card';
import { ReviewsManager } from '../../features/trust/components/reviews-manager';

/** /providers/{id}/trust (docs/product/trust.md): the owner's company checks, accreditations and reviews. */
export function ProviderTrustPage() {
  const { id = '' } = useParams();
  const me = useMe();
  const provider = useProvider(id);
  if (provider.isPending || me.isPending) return <p role="status" className="py-16 text-center text-muted-foreground">Loading…</p>;
  if (provider.isError) return <p role="alert" className="py-16 text-center text-destructive">{provider.error.message}</p>;
  const p = provider.data;
  const user = me.data;
  const owner = Boolean(user && user.id === p.userId && p.claimApproved);
  if (!owner && !user?.is_admin) return <p role="alert" className="py-16 text-center">Only the profile owner or an admin can manage this profile’s checks.</p>;
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">Checks, accreditations and reviews: {p.businessName}</h1>
        <Link to={`/providers/${p.slug || p.id}`} className={buttonClasses('secondary')}>
          Back to profile
        </Link>
      </div>
      <CompanyCard providerId={p.id} isAdmin={Boolean(user?.is_admin)} />
      <AccreditationsManager providerId={p.id} />
      <ReviewsManager providerId={p.id} canAnswer={owner} />
    </div>
  );
}

export function GuardedProviderTrustPage() {
  return (
    <RequireAuth redirectTo="/auth">
      <ProviderTrustPage />
    </RequireAuth>
  );
}
