import { useLocation } from 'react-router';
import { Link } from '../../../components/ui/link';
import { TENDER_SERVICE_FOR_A_SITE, tenderSiteFromAsset } from '@solar/shared/domain/tenders';
import { ASSET_MESSAGES, REPD_SOURCE, technologyColour } from '@solar/shared/constants/assets';
import type { AssetDetail } from '@solar/shared/contracts/assets';
import { NOT_FOUND } from '@solar/shared/constants/ui';
import { formatDate } from '@solar/shared/domain/format';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { NotFoundCard } from '../../../components/not-found-card';
import { Button, buttonClasses } from '../../../components/ui/button';
import { useMe } from '../../../lib/session/get-me';
import { isAssetNotFound, useAsset } from '../api/get-asset';
import { AssetDetailMap } from './asset-detail-map';
import { AssetHistory } from './asset-history';
import { AssetProviders } from './asset-providers';
import { RepdChecked } from './repd-freshness';

const NA = ASSET_MESSAGES.notAvailable;
const text = (v: string | number | null | undefined) => (v === null || v === undefined || v === '' ? NA : String(v));

function fields(a: AssetDetail): Array<[string, string]> {
  return [
    ['Technology type', text(a.technologyType)],
    ['Development status', text(a.developmentStatus)],
    ['Installed capacity', a.installedCapacity === null ? NA : `${a.installedCapacity.toFixed(1)} MW`],
    ['Mounting type', text(a.mountingType)],
    ['Storage type', text(a.storageType)],
    ['Site area', a.siteArea === null ? NA : `${a.siteArea.toLocaleString('en-GB')} acres`],
    ['Estimated modules', a.estimatedModules === null ? NA : `about ${a.estimatedModules.toLocaleString('en-GB')} (estimate from capacity)`],
    ['Planning applicant (REPD operator)', text(a.repdOperator)],
    ['Latest operator', text(a.latestOperator)],
    ['Address', text(a.address)],
    ['County', text(a.county)],
    ['Region', text(a.region)],
    ['Post code', text(a.postCode)],
    ['Coordinates', a.latitude === null ? NA : `${a.latitude.toFixed(5)}, ${a.longitude!.toFixed(5)}`],
    ['Planning authority', text(a.planningAuthority)],
    ['Planning application reference', text(a.planningApplicationRef)],
    ['Appeal reference', text(a.appealReference)],
    ['Planning application submitted', formatDate(a.planningSubmissionDate)],
    ['Planning permission granted', formatDate(a.planningGrantedDate)],
    ['Under construction', formatDate(a.underConstructionDate)],
    ['Operational', formatDate(a.operationalDate)],
    ['Record last updated', formatDate(a.recordLastUpdated)],
    ['Asset age', a.ageYears === null ? NA : `${a.ageYears} years`],
    ['REPD reference', a.repdRefId],
  ];
}

/**
 * Asset detail (docs/product/assets.md#asset-detail): every field and a map at zoom 15, pitch 45; login required.
 * `headingLevel` is the not-found card's: 'h1' on the asset's own page, 'h2' in an asset tab.
 */
export function AssetDetailView({ id, headingLevel = 'h2' }: { id: string; headingLevel?: 'h1' | 'h2' }) {
  const me = useMe();
  const location = useLocation();
  const signedIn = Boolean(me.data);
  const asset = useAsset(id, signedIn);

  if (me.isPending) return <p role="status" className="text-sm text-slate-600">Loading…</p>;
  if (!signedIn) {
    return (
      <Alert variant="info" title={ASSET_MESSAGES.loginRequired}>
        <p>
          <Link className="font-medium text-primary underline" to={`/auth/login?redirect=${encodeURIComponent(location.pathname)}`}>
            Log in
          </Link>{' '}
          to see this asset&apos;s details.
        </p>
      </Alert>
    );
  }
  if (asset.isPending) return <p role="status" className="text-sm text-slate-600">{ASSET_MESSAGES.loadingAsset}</p>;
  if (isAssetNotFound(asset.error)) {
    return (
      <NotFoundCard
        title={ASSET_MESSAGES.assetNotFound}
        headingLevel={headingLevel}
        hint={NOT_FOUND.recordHint}
        links={[
          { to: '/asset-intel', label: 'Back to asset intelligence' },
          { to: '/', label: NOT_FOUND.homeLink },
        ]}
      />
    );
  }
  if (asset.isError) {
    return (
      <Alert title={ASSET_MESSAGES.loadAssetFailed}>
        <p>{asset.error.message}</p>
        <Button size="sm" variant="secondary" className="mt-2 w-fit" disabled={asset.isFetching} onClick={() => void asset.refetch()}>
          Retry
        </Button>
      </Alert>
    );
  }
  const a = asset.data;
  // The tender's site is this asset: its capacity goes with it (decision 0400).
  const site = tenderSiteFromAsset(a);
  const tenderLink = `/list-a-tender?${new URLSearchParams({
    // A service the directory knows, so the invite list finds its providers (issue 27 defect 5).
    service: TENDER_SERVICE_FOR_A_SITE,
    location: site.location,
    ...(site.latitude !== null && { lat: String(site.latitude), lng: String(site.longitude) }),
    asset: site.asset,
    assetName: site.assetName,
  })}`;
  return (
    <article className="grid gap-6" aria-labelledby={`asset-${a.id}`}>
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={`asset-${a.id}`} className="text-2xl font-semibold">
            {a.siteName}
          </h2>
          <div className="mt-2 flex flex-wrap gap-2">
            <Badge style={{ backgroundColor: `${technologyColour(a.technologyType)}22` }} variant="secondary">
              {text(a.technologyType)}
            </Badge>
            <Badge variant="outline">{text(a.developmentStatus)}</Badge>
            {a.possibleDuplicateOf && <Badge variant="warning">Possible duplicate</Badge>}
          </div>
        </div>
        <Link to={tenderLink} className={buttonClasses('primary')}>
          List a tender for this site
        </Link>
      </header>
      {a.possibleDuplicateOf && (
        <Alert variant="info" title="Possible duplicate record">
          <p>
            REPD also lists {a.possibleDuplicateOf.siteName} (REPD {a.possibleDuplicateOf.repdRefId}) with the same name, operator and technology within 1 km.
          </p>
        </Alert>
      )}
      <div className="grid gap-6 lg:grid-cols-2">
        <dl className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-x-4 gap-y-2 text-sm">
          {fields(a).map(([k, v]) => (
            <div key={k} className="contents">
              <dt className="text-slate-600">{k}</dt>
              <dd className="font-medium break-words text-slate-900">{v}</dd>
            </div>
          ))}
        </dl>
        {a.latitude !== null && a.longitude !== null ? (
          <AssetDetailMap asset={{ ...a, latitude: a.latitude, longitude: a.longitude }} />
        ) : (
          <p className="text-sm text-slate-600">This asset has no coordinates in REPD.</p>
        )}
      </div>
      <AssetHistory assetId={a.id} history={a.history} />
      <p className="text-xs text-slate-600" data-testid="asset-source">
        Source: {REPD_SOURCE.name}, {REPD_SOURCE.publisher}, release {text(a.source.release)}; imported {formatDate(a.source.importedAt)}.
        <RepdChecked /> {a.source.attribution}
      </p>
      <AssetProviders assetId={a.id} siteName={a.siteName} tenderLink={tenderLink} />
    </article>
  );
}
