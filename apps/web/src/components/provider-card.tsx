import { lazy, Suspense, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Link } from './ui/link';
import { BadgeCheck, Building2, Check, Globe, Mail, MapPin, Navigation, Phone, Radar, Star } from './ui/icons';
import type { ProviderSummary } from '@solar/shared/contracts/providers';
import {
  PLACEHOLDER_LOGO_PATTERN,
  PROVIDER_MESSAGES as M,
  hasKnownLocation,
  normaliseUrl,
  providerTypeLabel,
} from '@solar/shared/constants/providers';
import { accreditationLabel } from '@solar/shared/constants/trust';
import { Badge } from './ui/badge';
import { Button } from './ui/button';
import { Card } from './ui/card';
import { cn } from '../lib/cn';
import { quotePath } from '../lib/quote-path';

/** Loaded when first opened: the dialog (Radix) is not in the directory's first load (decision 0372). */
const SignInRequiredDialog = lazy(async () => ({ default: (await import('./sign-in-required-dialog')).SignInRequiredDialog }));

export interface ProviderCardProps {
  provider: ProviderSummary;
  currentUserId?: string | null;
  /** In the directory the 'Unclaimed' badge and contact details are hidden (docs/product/providers.md#provider-card). */
  showUnclaimed?: boolean;
  showContact?: boolean;
  /** On a tender page: the 'Invite to tender' toggle instead of 'Request quote'. */
  tender?: { selected: boolean; onToggle(providerId: string): void; /** Already invited to a published tender: stays invited. */ locked?: boolean };
  /**
   * Where the 'Sign In Required' links come back to. Default: the quote page for 'Request quote'; on
   * a tender page the page itself (the list-a-tender page passes '/list-a-tender', docs/product/tenders.md#inviting-providers).
   */
  signInRedirect?: string;
  /** km from the searched location (decision 0361), shown when given. */
  distanceKm?: number | null;
}

/** The provider card (docs/product/providers.md#provider-card). */
export function ProviderCard({
  provider,
  currentUserId,
  showUnclaimed = false,
  showContact = false,
  tender,
  signInRedirect,
  distanceKm,
}: ProviderCardProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const comeBackTo = signInRedirect ?? (tender ? `${location.pathname}${location.search}` : quotePath(provider));
  const [signIn, setSignIn] = useState(false);
  const [logoFailed, setLogoFailed] = useState(false);
  const logo = provider.logo && !PLACEHOLDER_LOGO_PATTERN.test(provider.logo) && !logoFailed ? provider.logo : null;
  const name = provider.businessName || M.unclaimedName;
  const own = Boolean(currentUserId) && currentUserId === provider.userId && provider.claimApproved;
  const radius =
    typeof provider.serviceRadius === 'number' && provider.serviceRadius > 0 ? provider.serviceRadius : null;
  const signedIn = Boolean(currentUserId);

  const act = () => {
    if (!signedIn) return setSignIn(true);
    if (tender) tender.onToggle(provider.id);
    else void navigate(quotePath(provider));
  };

  return (
    <Card className="flex h-full flex-col p-5" data-testid="provider-card">
      <div className="flex items-start gap-3">
        <div className="flex h-14 w-14 shrink-0 items-center justify-center overflow-hidden rounded-md border border-border bg-muted">
          {logo ? (
            <img src={logo} alt="" className="h-full w-full object-contain" onError={() => setLogoFailed(true)} />
          ) : (
            <Building2 className="h-6 w-6 text-slate-500" aria-hidden />
          )}
        </div>
        <div className="min-w-0 flex-1">
          <h3 className="text-base font-semibold leading-snug">
            <Link to={`/providers/${provider.slug || provider.id}`} className="hover:underline">
              {name}
            </Link>
          </h3>
          <div className="mt-1 flex flex-wrap gap-1.5">
            <Badge variant="secondary">{providerTypeLabel(provider.type)}</Badge>
            {own && <Badge variant="success">{M.yourProfile}</Badge>}
            {showUnclaimed && !provider.claimed && <Badge variant="warning">{M.unclaimed}</Badge>}
          </div>
        </div>
      </div>

      <div className="mt-3 space-y-1.5 text-sm text-slate-700">
        {provider.rating && (
          <p className="flex items-center gap-1.5 font-medium text-slate-800" data-testid="card-rating">
            <Star className="h-4 w-4 shrink-0 fill-amber-400 text-amber-500" aria-hidden />
            <span>
              {provider.rating.average.toFixed(1)} out of 5 · {provider.rating.count} {provider.rating.count === 1 ? 'review' : 'reviews'}
            </span>
          </p>
        )}
        {provider.verifiedAccreditations.length > 0 && (
          <p className="flex items-start gap-1.5">
            <BadgeCheck className="mt-0.5 h-4 w-4 shrink-0 text-emerald-700" aria-hidden />
            <span className="line-clamp-2">Verified: {provider.verifiedAccreditations.map((s) => accreditationLabel(s)).join(', ')}</span>
          </p>
        )}
        {hasKnownLocation(provider.location) && (
          <p className="flex items-start gap-1.5">
            <MapPin className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" aria-hidden />
            <span className="line-clamp-2">{provider.location}</span>
          </p>
        )}
        {typeof distanceKm === 'number' && (
          <p className="flex items-center gap-1.5 font-medium text-slate-800">
            <Navigation className="h-4 w-4 shrink-0 text-slate-500" aria-hidden />
            <span>{M.distanceAway(distanceKm)}</span>
          </p>
        )}
        {radius !== null && (
          <p className="flex items-center gap-1.5">
            <Radar className="h-4 w-4 shrink-0 text-slate-500" aria-hidden />
            <span>{radius} km service radius</span>
          </p>
        )}
        {provider.serviceRadius === -1 && (
          <p className="flex items-center gap-1.5">
            <Radar className="h-4 w-4 shrink-0 text-slate-500" aria-hidden />
            <span>Countrywide coverage</span>
          </p>
        )}
      </div>

      <div className="mt-3 flex-1">
        {provider.services.length === 0 ? (
          <p className="text-sm text-muted-foreground">{M.noServices}</p>
        ) : (
          <ul className="flex flex-wrap gap-1.5" aria-label="Services">
            {provider.services.slice(0, 6).map((s) => (
              <li key={s}>
                <Badge variant="outline">{s}</Badge>
              </li>
            ))}
            {provider.services.length > 6 && (
              <li>
                <Badge variant="outline">+{provider.services.length - 6} more</Badge>
              </li>
            )}
          </ul>
        )}
      </div>

      {showContact && (provider.website || provider.phone || provider.email) && (
        <div className="mt-3 space-y-1 text-sm">
          {provider.website && (
            <a
              href={normaliseUrl(provider.website)}
              target="_blank"
              rel="noopener noreferrer"
              className="flex items-center gap-1.5 text-primary hover:underline"
            >
              <Globe className="h-4 w-4" aria-hidden /> Website
            </a>
          )}
          {provider.phone && (
            <a href={`tel:${provider.phone}`} className="flex items-center gap-1.5 text-primary hover:underline">
              <Phone className="h-4 w-4" aria-hidden /> {provider.phone}
            </a>
          )}
          {provider.email && (
            <a href={`mailto:${provider.email}`} className="flex items-center gap-1.5 text-primary hover:underline">
              <Mail className="h-4 w-4" aria-hidden /> {provider.email}
            </a>
          )}
        </div>
      )}

      <div className="mt-4">
        {tender ? (
          <Button
            variant={tender.selected ? 'primary' : 'secondary'}
            aria-pressed={tender.selected}
            onClick={act}
            disabled={tender.locked}
            className="w-full"
          >
            {tender.selected && <Check className="h-4 w-4" aria-hidden />} {tender.locked ? 'Invited' : 'Invite to tender'}
          </Button>
        ) : (
          <Button onClick={act} className={cn('w-full')} aria-label={`Request quote from ${name}`}>
            Request quote
          </Button>
        )}
      </div>
      {signIn && (
        <Suspense fallback={null}>
          <SignInRequiredDialog open={signIn} onOpenChange={setSignIn} redirect={comeBackTo} context={tender ? 'tender' : 'quote'} />
        </Suspense>
      )}
    </Card>
  );
}
