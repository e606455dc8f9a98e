import { getMapOutline } from '@solar/shared/contracts/routes';
import type { ProviderSummary } from '@solar/shared/contracts/providers';
import { COUNTRYWIDE_PROVIDER_COLOUR, LOCAL_PROVIDER_COLOUR, MAP_TEXT as T, SERVICE_AREA_FILL, SERVICE_AREA_OPACITY } from '@solar/shared/constants/maps';
import { PROVIDER_MESSAGES as M } from '@solar/shared/constants/providers';
import { hasServiceArea } from '@solar/shared/domain/service-area';
import { outlineKm, outlinePoint, UK_OUTLINE, UK_OUTLINE_WIDTH } from '@solar/shared/domain/uk-outline';
import { api } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { ProviderLegend } from './provider-legend';
import { useProviderPosition } from './provider-position';

const OUTLINE_URL = api.url(getMapOutline);

export interface ProviderMapPreviewProps {
  provider: Pick<ProviderSummary, 'businessName' | 'coordinates' | 'location' | 'serviceRadius'>;
  /** The box of the map it stands for: 400 px on the profile, 300 in a card. */
  className: string;
  /** The visitor asks for the map itself (the button). */
  onShowMap(): void;
}

/**
 * The profile map's static preview (decision 0373): the UK outline (an image the server draws
 * from the bundled boundaries), the provider's marker and name, its service area and the legend,
 * in the map's own box, so nothing moves when the map replaces it. No map code: the page's first
 * load stays small, which matters most on a phone.
 */
export function ProviderMapPreview({ provider, className, onShowMap }: ProviderMapPreviewProps) {
  const { position, status } = useProviderPosition(provider);
  const name = provider.businessName || M.unclaimedName;
  const countrywide = provider.serviceRadius === -1;
  const point = position ? outlinePoint(position) : null;
  return (
    <div className={cn('relative overflow-hidden rounded-lg border border-border bg-blue-50', className)}>
      <div className="absolute inset-0 flex items-center justify-center p-3">
        <div role="img" aria-label={T.profilePreviewLabel(name)} className="relative h-full" style={{ aspectRatio: `${UK_OUTLINE_WIDTH} / ${UK_OUTLINE.height}` }}>
          <img src={OUTLINE_URL} alt="" width={UK_OUTLINE_WIDTH} height={UK_OUTLINE.height} className="absolute inset-0 h-full w-full" loading="lazy" decoding="async" />
          {point && (
            <>
              <svg viewBox={`0 0 ${UK_OUTLINE_WIDTH} ${UK_OUTLINE.height}`} className="absolute inset-0 h-full w-full" aria-hidden>
                {!countrywide && hasServiceArea(provider.serviceRadius) && (
                  <circle cx={point[0]} cy={point[1]} r={outlineKm(provider.serviceRadius)} fill={SERVICE_AREA_FILL} fillOpacity={SERVICE_AREA_OPACITY} stroke={SERVICE_AREA_FILL} strokeOpacity={0.7} strokeWidth={3} />
                )}
              </svg>
              <span
                className="absolute flex -translate-x-1/2 -translate-y-full flex-col items-center"
                style={{ left: `${(point[0] / UK_OUTLINE_WIDTH) * 100}%`, top: `${(point[1] / UK_OUTLINE.height) * 100}%` }}
              >
                <span className="mb-1 max-w-48 truncate rounded bg-white/95 px-2 py-0.5 text-xs font-semibold text-slate-900 shadow">{name}</span>
                <span aria-hidden className="block h-4 w-4 rounded-full border-2 border-white shadow" style={{ backgroundColor: countrywide ? COUNTRYWIDE_PROVIDER_COLOUR : LOCAL_PROVIDER_COLOUR }} />
              </span>
            </>
          )}
        </div>
      </div>
      <ProviderLegend title={T.providerTypes} className="absolute top-2 left-2 z-10" />
      <button
        type="button"
        onClick={onShowMap}
        className="absolute right-2 top-2 z-10 rounded-md border border-border bg-white/95 px-3 py-1.5 text-xs font-medium text-slate-900 shadow hover:bg-white"
      >
        {T.showInteractiveMap}
      </button>
      {status === 'missing' && (
        <div role="alert" className="absolute inset-x-2 bottom-8 z-10 rounded-md border border-border bg-white/95 px-3 py-2 text-sm shadow">
          <p className="font-medium text-red-800">{T.coordinatesMissing}</p>
          {!provider.coordinates && <p className="text-xs text-slate-700">{T.geocodingFailed}</p>}
        </div>
      )}
    </div>
  );
}
