import { useState } from 'react';
import { Link } from '../../../components/ui/link';
import {
  ASSET_PROVIDERS_MAX_LIMIT,
  ASSET_PROVIDERS_PAGE_SIZE,
  ASSET_PROVIDER_MESSAGES as M,
} from '@solar/shared/constants/assets';
import { formatCount, formatNumber } from '@solar/shared/domain/count';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { useMe } from '../../../lib/session/get-me';
import { ProviderCard } from '../../../components/provider-card';
import { useAssetProviders } from '../api/list-asset-providers';

function matchedOn(technologies: string[], phase: string | null): string {
  const parts = [
    technologies.length > 0 && `work with ${technologies.join(' or ')}`,
    phase && `cover the ${phase.toLowerCase()} phase`,
  ].filter(Boolean);
  return parts.length > 0 ? ` and ${parts.join(' and ')}` : '';
}

/**
 * 'Providers serving this site' (issue 9, docs/decisions/0198): directory providers whose service
 * area covers the asset, shown with the directory's provider card, and a way to list a tender.
 */
export function AssetProviders({
  assetId,
  siteName,
  tenderLink,
}: {
  assetId: number;
  siteName: string;
  tenderLink: string;
}) {
  const me = useMe();
  const [limit, setLimit] = useState(ASSET_PROVIDERS_PAGE_SIZE);
  const query = useAssetProviders(String(assetId), limit);
  const headingId = `asset-${assetId}-providers`;
  const data = query.data;

  return (
    <section aria-labelledby={headingId} className="grid gap-4 border-t border-border pt-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          <h3 id={headingId} className="text-xl font-semibold">
            {M.title}
          </h3>
          {data && (
            <p className="text-sm text-slate-700">
              Directory providers whose service area covers {siteName}
              {matchedOn(data.technologies, data.phase)}.
            </p>
          )}
        </div>
        <Link to={tenderLink} className={buttonClasses('secondary')}>
          List a tender for this site
        </Link>
      </div>
      {query.isPending && (
        <p role="status" className="text-sm text-slate-600">
          {M.loading}
        </p>
      )}
      {query.isError && <Alert title={M.failed}>{(query.error as Error).message}</Alert>}
      {data && data.total === 0 && (
        <p className="rounded-md border border-dashed border-border p-4 text-sm text-slate-700">
          {M.none} List a tender for this site and providers across the directory can find it.
        </p>
      )}
      {data && data.total > 0 && (
        <>
          <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label={M.title} data-testid="asset-providers">
            {data.data.map(({ provider, distanceKm, countrywide }) => (
              <li key={provider.id} className="flex flex-col gap-1">
                <ProviderCard provider={provider} currentUserId={me.data?.id ?? null} />
                <p className="px-1 text-xs text-slate-600">
                  {countrywide ? M.countrywide : null}
                  {countrywide && distanceKm !== null ? ' · ' : null}
                  {distanceKm !== null ? M.distance(distanceKm) : null}
                </p>
              </li>
            ))}
          </ul>
          <div className="flex flex-wrap items-center gap-3 text-sm text-slate-700">
            <span aria-live="polite">
              Showing {formatNumber(data.data.length)} of {formatCount(data.total, 'provider')}
            </span>
            {data.data.length < data.total && limit < ASSET_PROVIDERS_MAX_LIMIT && (
              <Button
                variant="secondary"
                disabled={query.isFetching}
                onClick={() => setLimit((l) => Math.min(l + ASSET_PROVIDERS_PAGE_SIZE * 2, ASSET_PROVIDERS_MAX_LIMIT))}
              >
                {M.showMore}
              </Button>
            )}
          </div>
        </>
      )}
    </section>
  );
}
