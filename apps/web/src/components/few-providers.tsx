import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { Link } from './ui/link';
import { UserPlus } from './ui/icons';
import { PROVIDER_MESSAGES as M, servicesPhrase, widerRadius } from '@solar/shared/constants/providers';
import { signInPath } from '@solar/shared/domain/redirect';
import { useMe } from '../lib/session/get-me';
import { Button, buttonClasses } from './ui/button';
import { Card } from './ui/card';

const InviteProviderForm = lazy(() => import('./invite-provider-form'));

export interface FewProvidersProps {
  /** Providers matching the service search (all pages). */
  total: number;
  services: readonly string[];
  /** The search radius in km, or null without a location (then no wider search is offered). */
  radiusKm: number | null;
  /** Where, as the user chose it ('Bristol, City of Bristol'). */
  location: string;
  onWiden?(km: number): void;
}

/**
 * Honest counts for a service search (decision 0360): 'No providers offer Panel Cleaning within 50 km
 * yet', or 'Only 2 providers offer …', with the next radius up and a way to invite a company by email.
 */
export function FewProviders({ total, services, radiusKm, location, onWiden }: FewProvidersProps) {
  const { data: me } = useMe();
  const here = useLocation();
  const phrase = servicesPhrase(services);
  const wider = radiusKm === null ? null : widerRadius(radiusKm);
  return (
    <Card className="min-w-0 space-y-4 border-amber-300 bg-amber-50 p-5 text-slate-900 [overflow-wrap:anywhere]" data-testid="few-providers">
      <div className="space-y-2">
        <h2 className="text-lg font-semibold">
          {total === 0 ? M.noneOffer(phrase, radiusKm) : M.fewOffer(total, phrase, radiusKm)}
        </h2>
        {wider !== null && onWiden && (
          <Button variant="secondary" onClick={() => onWiden(wider)}>
            {M.searchWider(wider)}
          </Button>
        )}
      </div>
      <div className="space-y-3 border-t border-amber-200 pt-4">
        <h3 className="flex items-center gap-2 font-semibold">
          <UserPlus className="h-4 w-4" aria-hidden /> {M.inviteTitle}
        </h3>
        <p className="text-sm text-slate-700">{M.inviteLead(phrase)}</p>
        {me ? (
          <Suspense fallback={<p className="text-sm text-slate-700">Loading...</p>}>
            <InviteProviderForm service={phrase} location={location.split(',')[0] ?? ''} />
          </Suspense>
        ) : (
          <Link to={signInPath('/login', `${here.pathname}${here.search}`)} className={buttonClasses('secondary')}>
            {M.inviteSignIn}
          </Link>
        )}
      </div>
    </Card>
  );
}
