import { useMemo } from 'react';
import type { ProviderCluster, ProviderPoint } from '@solar/shared/contracts/providers';
import { CLUSTER_MAX_ZOOM, COUNTRYWIDE_PROVIDER_COLOUR, LOCAL_PROVIDER_COLOUR, MAP_TEXT as T } from '@solar/shared/constants/maps';
import { PROVIDER_MESSAGES as M } from '@solar/shared/constants/providers';
import { MapMarker, useMap } from '../../../lib/map';
import type { View } from './provider-map-layers';
import { cellsIn, type MapItem, type ProviderClusters } from './provider-map-clusters';

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

/**
 * Clusters, single providers and providers sharing a position as HTML markers (buttons, so they
 * work from the keyboard too); place labels keep clear of them (decision 0355).
 */
export function Markers({
  clusters,
  cells = [],
  view,
  onOpen,
  onOpenGroup,
}: {
  clusters: ProviderClusters;
  /** Clusters the server made for a view at scale (decision 0387). */
  cells?: readonly ProviderCluster[];
  view: View | null;
  onOpen(point: ProviderPoint): void;
  onOpenGroup(position: [number, number], points: ProviderPoint[]): void;
}) {
  const { map } = useMap();
  const items: MapItem[] = useMemo(
    () => (view ? [...clusters.itemsIn(view.bbox, view.zoom), ...cellsIn(cells, view.bbox)] : []),
    [clusters, cells, view],
  );
  const clusterLabel = (count: number, countrywide: number) =>
    `Cluster of ${count.toLocaleString('en-GB')} providers, ${countrywide.toLocaleString('en-GB')} countrywide`;
  return (
    <>
      {items.map((item) =>
        item.kind === 'cell' ? (
          <MapMarker key={`s-${item.position.join(',')}`} lngLat={item.position} obstacle>
            <button
              type="button"
              data-testid="provider-cluster"
              aria-label={clusterLabel(item.count, item.countrywide)}
              className="block cursor-pointer rounded-full focus-visible:outline-2 focus-visible:outline-offset-2"
              onClick={() => map.easeTo({ center: item.position, zoom: item.expansionZoom })}
            >
              <ClusterDonut count={item.count} countrywide={item.countrywide} share={item.share} />
            </button>
          </MapMarker>
        ) : item.kind === 'cluster' ? (
          <MapMarker key={`c-${item.id}`} lngLat={item.position} obstacle>
            <button
              type="button"
              data-testid="provider-cluster"
              aria-label={clusterLabel(item.count, item.countrywide)}
              className="block cursor-pointer rounded-full focus-visible:outline-2 focus-visible:outline-offset-2"
              onClick={() => {
                // A cluster that only comes apart past the clustering's last zoom stands on one spot: list it (decision 0356).
                const zoom = clusters.expansionZoom(item.id);
                if (zoom > CLUSTER_MAX_ZOOM) onOpenGroup(item.position, clusters.leaves(item.id));
                else map.easeTo({ center: item.position, zoom });
              }}
            >
              <ClusterDonut count={item.count} countrywide={item.countrywide} share={item.share} />
            </button>
          </MapMarker>
        ) : item.kind === 'group' ? (
          <MapMarker key={`g-${item.position.join(',')}`} lngLat={item.position} obstacle>
            <button
              type="button"
              data-testid="provider-group"
              aria-label={T.providersAtPoint(item.points.length)}
              title={T.providersAtPoint(item.points.length)}
              className="flex h-6 min-w-6 cursor-pointer items-center justify-center rounded-full border-[3px] bg-white px-1 text-[11px] font-semibold text-slate-900 shadow focus-visible:outline-2 focus-visible:outline-offset-2"
              style={{ borderColor: item.points.every((p) => p.countrywide) ? COUNTRYWIDE_PROVIDER_COLOUR : LOCAL_PROVIDER_COLOUR }}
              onClick={() => onOpenGroup(item.position, item.points)}
            >
              {item.points.length}
            </button>
          </MapMarker>
        ) : (
          <MapMarker key={`p-${item.point.id}`} lngLat={item.position} obstacle>
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
