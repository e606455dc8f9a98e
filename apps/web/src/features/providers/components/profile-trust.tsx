import { Link } from '../../../components/ui/link';
import { BadgeCheck, Clock, ExternalLink } from '../../../components/ui/icons';
import type { Provider } from '@solar/shared/contracts/providers';
import type { ProviderTrust, Review } from '@solar/shared/contracts/trust';
import { RATING_ASPECTS, RATING_LABELS } from '@solar/shared/constants/trust';
import { formatDate, formatGBP } from '@solar/shared/domain/format';
import { CheckList, Stars } from '../../../components/trust-parts';
import { Badge } from '../../../components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';

/**
 * What a profile shows about trust (docs/product/trust.md): dated company checks, accreditations
 * in their states, the rating and reviews, the computed response time and public contracts won.
 * Read-only: owners manage these on /providers/{id}/trust.
 */

export function CompanyChecksCard({ trust, className }: { trust: ProviderTrust; className?: string }) {
  const check = trust.companyCheck;
  if (!trust.companyNumber) return null;
  return (
    <Card className={className}>
      <CardHeader className="pb-3">
        <CardTitle className="text-lg">Company checks</CardTitle>
        <p className="text-sm text-muted-foreground">Companies House number {trust.companyNumber}{check?.companyName ? ` · ${check.companyName}` : ''}</p>
      </CardHeader>
      <CardContent className="space-y-3">
        {check?.checkedAt ? <CheckList items={check.items} checkedAt={check.checkedAt} /> : <p className="text-sm text-muted-foreground">Not checked yet.</p>}
        {check?.failure && (
          <p role="note" className="rounded-md bg-amber-50 p-2 text-sm text-amber-900">
            The check on {formatDate(check.failure.at)} could not be made: {check.failure.message}
          </p>
        )}
        <p className="text-xs text-muted-foreground">Facts from the public register on the date shown, not a recommendation.</p>
      </CardContent>
    </Card>
  );
}

const STATE: Record<ProviderTrust['accreditations'][number]['status'], (verifiedAt: string | null) => { text: string; variant: 'success' | 'secondary' | 'warning' }> = {
  verified: (at) => ({ text: `Verified on ${formatDate(at)}`, variant: 'success' }),
  'self-declared': () => ({ text: 'Self-declared', variant: 'secondary' }),
  expired: () => ({ text: 'Expired', variant: 'warning' }),
};

export function AccreditationsCard({ trust, className }: { trust: ProviderTrust; className?: string }) {
  if (trust.accreditations.length === 0) return null;
  return (
    <Card className={className}>
      <CardHeader className="pb-3">
        <CardTitle className="text-lg">Accreditations</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="divide-y divide-border text-sm">
          {trust.accreditations.map((a) => {
            const state = STATE[a.status](a.verifiedAt);
            return (
              <li key={a.id} className="flex flex-wrap items-start justify-between gap-2 py-2">
                <div className="min-w-0">
                  <p className="flex items-center gap-1.5 font-medium">
                    {a.status === 'verified' && <BadgeCheck className="h-4 w-4 text-emerald-700" aria-hidden />}
                    {a.label}
                  </p>
                  <p className="text-muted-foreground">
                    No. {a.number}
                    {a.scope ? ` · ${a.scope}` : ''}
                    {a.expiresOn ? ` · ${a.status === 'expired' ? 'expired' : 'expires'} ${formatDate(a.expiresOn)}` : ''}
                  </p>
                </div>
                <Badge variant={state.variant}>{state.text}</Badge>
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}

export function ReviewItem({ review }: { review: Review }) {
  return (
    <li className="space-y-1.5 py-3">
      <div className="flex flex-wrap items-center gap-2">
        <Stars value={review.overall} />
        <span className="text-sm font-medium">{review.authorName}</span>
        <Badge variant="outline">{review.workLabel}</Badge>
      </div>
      <p className="text-xs text-muted-foreground">
        {RATING_ASPECTS.map((a) => `${RATING_LABELS[a]} ${review[a]}/5`).join(' · ')} · {formatDate(review.createdAt)}
      </p>
      <p className="whitespace-pre-line text-sm text-slate-800">{review.body}</p>
      {review.reply && (
        <div className="ml-3 border-l-2 border-border pl-3 text-sm">
          <p className="font-medium">Reply from the provider</p>
          <p className="whitespace-pre-line text-slate-800">{review.reply}</p>
        </div>
      )}
    </li>
  );
}

/**
 * The rating under the profile's header, linking to the reviews: on a phone it comes before the
 * details, not after them (decision 0535).
 */
export function ProfileRatingSummary({ trust }: { trust: ProviderTrust }) {
  const rating = trust.rating;
  if (!rating) return null;
  return (
    <p className="mt-4 flex flex-wrap items-center gap-2 text-sm" data-testid="profile-rating-summary">
      <span className="text-base font-semibold">{rating.average.toFixed(1)}</span>
      <Stars value={rating.average} />
      <a href="#reviews" className="font-medium text-primary underline">
        {rating.count} verified {rating.count === 1 ? 'review' : 'reviews'}
      </a>
    </p>
  );
}

export function ReviewsCard({ trust }: { trust: ProviderTrust }) {
  const rating = trust.rating;
  return (
    <Card id="reviews" className="scroll-mt-24">
      <CardHeader className="pb-3">
        <CardTitle className="text-lg">Reviews</CardTitle>
        {trust.responseTime && (
          <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
            <Clock className="h-4 w-4" aria-hidden /> {trust.responseTime.text[0]!.toUpperCase() + trust.responseTime.text.slice(1)} (from {trust.responseTime.replies} quote replies)
          </p>
        )}
      </CardHeader>
      <CardContent>
        {rating ? (
          <div className="mb-2 flex flex-wrap items-center gap-3" data-testid="profile-rating">
            <span className="text-2xl font-semibold">{rating.average.toFixed(1)}</span>
            <Stars value={rating.average} />
            <span className="text-sm text-muted-foreground">
              {rating.count} verified {rating.count === 1 ? 'review' : 'reviews'} · {RATING_ASPECTS.map((a) => `${RATING_LABELS[a]} ${rating[a].toFixed(1)}`).join(' · ')}
            </span>
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">No reviews yet. Reviews come only from customers who completed work with this provider on Solar Marketplace.</p>
        )}
        {trust.reviews.length > 0 && <ul className="divide-y divide-border">{trust.reviews.map((r) => <ReviewItem key={r.id} review={r} />)}</ul>}
        <p className="mt-2 text-xs text-muted-foreground">
          Every review is tied to a completed quote or an awarded tender. <Link to="/reviews/policy" className="underline">How reviews work</Link>
        </p>
      </CardContent>
    </Card>
  );
}

export function PublicContractsCard({ trust }: { trust: ProviderTrust }) {
  if (trust.publicContracts.length === 0) return null;
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle className="text-lg">Public contracts won</CardTitle>
        <p className="text-sm text-muted-foreground">
          {trust.publicContractCount} award {trust.publicContractCount === 1 ? 'notice names' : 'notices name'} this company (matched by its company number or confirmed by our team).
        </p>
      </CardHeader>
      <CardContent>
        <ul className="divide-y divide-border text-sm">
          {trust.publicContracts.map((c) => (
            <li key={c.tenderId} className="space-y-0.5 py-2">
              <p className="font-medium">
                <Link to={`/tender/${c.tenderId}`} className="hover:underline">
                  {c.title}
                </Link>
              </p>
              <p className="text-muted-foreground">
                {c.buyer ? (
                  <Link to={`/buyers/${c.buyer.slug}`} className="underline">
                    {c.buyer.name}
                  </Link>
                ) : (
                  'Public buyer'
                )}
                {c.value !== null && ` · ${formatGBP(c.value)}`}
                {c.awardedOn && ` · awarded ${formatDate(c.awardedOn)}`}
                {(c.startsOn || c.endsOn) && ` · ${formatDate(c.startsOn)} to ${formatDate(c.endsOn)}`}
              </p>
              {c.sourceUrl && (
                <a href={c.sourceUrl} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 text-primary underline">
                  Source notice <ExternalLink className="h-3 w-3" aria-hidden />
                  <span className="sr-only">(opens in a new tab)</span>
                </a>
              )}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

/** The label of a profile made from an award notice's supplier. */
export function MadeFromAward({ provider }: { provider: Provider }) {
  if (!provider.trust.madeFromAward) return null;
  return (
    <p role="note" className="mt-4 rounded-md border border-sky-300 bg-sky-50 p-3 text-sm text-sky-900">
      This profile was made from a public contract award notice. The company has not claimed it, and nothing on it was written by the company.
    </p>
  );
}
