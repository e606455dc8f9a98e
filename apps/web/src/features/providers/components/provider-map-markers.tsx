import { useMemo } from 'react';
import type { ProviderPoint } from '@solar/shared/contracts/providers';
import { COUNTRYWIDE_PROVIDER_COLOUR, LOCAL_PROVIDER_COLOUR } from '@solar/shared/constants/maps';
import { PROVIDER_MESSAGES as M } from '@solar/shared/constants/providers';
import { MapMarker, useMap } from '../../../lib/map';
import type { View } from './provider-map-layers';
import type { MapItem, ProviderClusters } from './provider-map-clusters';

/** A cluster as a donut: the orange arc is the share of countrywide providers (docs/product/providers.md#directory-map). */
export function ClusterDonut({ count, countrywide, share }: { count: number; countrywide: number; share: number }) {
  const size = Math.round(34 + Math.min(22, Math.log10(Math.max(1, count)) * 8));
  const r = size / 2 - 4;
  const circumference = 2 * Math.PI * r;
  return (
    <svg
      width={size}
      height={size}
      viewBox={`0 0 ${size} ${size}`}
      aria-hidden
      data-share={share.toFixed(3)}
      data-countrywide={countrywide}
    >
      <circle cx={size / 2} cy={size / 2} r={r} fill="white" stroke={LOCAL_PROVIDER_COLOUR} strokeWidth={6} />
      {share > 0 && (
        <circle
          cx={size / 2}
          cy={size / 2}
          r={r}
          fill="none"
          stroke={COUNTRYWIDE_PROVIDER_COLOUR}
          strokeWidth={6}
          strokeDasharray={`${share * circumference} ${circumference}`}
          transform={`rotate(-90 ${size / 2} ${size / 2})`}
        />
      )}
      <text
        x="50%"
        y="50%"
        dominantBaseline="central"
        textAnchor="middle"
        fontSize={count >= 1000 ? 10 : 12}
        fontWeight={600}
        fill="#0f172a"
      >
        {count >= 10_000 ? `${Math.round(count / 1000)}k` : count.toLocaleString('en-GB')}
      </text>
    </svg>
  );
}

/** Clusters and single providers as HTML markers (buttons, so they work from the keyboard too). */
export function Markers({
  clusters,
  view,
  onOpen,
}: {
  clusters: ProviderClusters;
  view: View | null;
  onOpen(point: ProviderPoint): void;
}) {
  const { map } = useMap();
  const items: MapItem[] = useMemo(() => (view ? clusters.itemsIn(view.bbox, view.zoom) : []), [clusters, view]);
  return (
    <>
      {items.map((item) =>
        item.kind === 'cluster' ? (
          <MapMarker key={`c-${item.id}`} lngLat={item.position}>
            <button
              type="button"
              data-testid="provider-cluster"
              aria-label={`Cluster of ${item.count.toLocaleString('en-GB')} providers, ${item.countrywide.toLocaleString('en-GB')} countrywide`}
              className="block cursor-pointer rounded-full focus-visible:outline-2 focus-visible:outline-offset-2"
              onClick={() => map.easeTo({ center: item.position, zoom: clusters.expansionZoom(item.id) })}
            >
              <ClusterDonut count={item.count} countrywide={item.countrywide} share={item.share} />
            </button>
          </MapMarker>
        ) : (
          <MapMarker key={`p-${item.point.id}`} lngLat={item.position}>
            <button
              type="button"
              data-testid="provider-point"
              aria-label={item.point.businessName || M.unclaimedName}
              title={item.point.businessName || M.unclaimedName}
              className="block h-4 w-4 cursor-pointer rounded-full border-2 border-white shadow focus-visible:outline-2 focus-visible:outline-offset-2"
              style={{ backgroundColor: item.point.countrywide ? COUNTRYWIDE_PROVIDER_COLOUR : LOCAL_PROVIDER_COLOUR }}
              onClick={() => onOpen(item.point)}
            />
          </MapMarker>
        ),
      )}
    </>
  );
}
