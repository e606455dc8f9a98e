import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ProviderCluster, ProviderPoint } from '@solar/shared/contracts/providers';
import { QUERY } from '@solar/shared/constants/ui';
import { snapViewBounds, type Bounds } from '@solar/shared/domain/map-grid';
import { apiFor } from '../../../lib/api-client';
import { checkListShape } from '../../../lib/provider-list';
import { retryUnless401 } from '../../../lib/query-client';
import { directorySearchQuery, type DirectoryFilters } from '@solar/shared/domain/directory-address';
import { providerKeys } from './keys';
import { fetchProviderList } from './search-providers';

/** A view of the map to cluster on the server (decision 0387). */
export interface MapViewBox {
  bbox: Bounds;
  zoom: number;
}

/** The map's answer: every matching point (clustered: false), or at scale the asked view's clusters and the points standing apart. */
export interface ProviderMapAnswer {
  points: ProviderPoint[];
  clusters: ProviderCluster[];
  clustered: boolean;
  /** Every matching provider with a position, wherever the view is. */
  total: number;
}

/**
 * The map view's query: the directory filters (every selected service must match) with mode=map,
 * and the view once an answer came back clustered, widened to the grid the server snaps it to, so
 * a small pan asks the same address again.
 */
export const pointsQuery = (filters: DirectoryFilters, view?: MapViewBox | null) => {
  const query = { ...directorySearchQuery({ ...filters, page: 1 }), sort: undefined, mode: 'map' as const };
  if (!view) return query;
  const [w, s, e, n] = view.bbox;
  const zoom = Math.max(0, Math.min(24, Math.floor(view.zoom)));
  const clamped: Bounds = [Math.max(-180, w), Math.max(-90, s), Math.min(180, e), Math.min(90, n)];
  return { ...query, bounds: snapViewBounds(clamped, zoom).join(','), zoom };
};

/** The points (and at scale the clusters) of the matching providers: the search call with mode=map. */
export const searchProviderPointsOptions = (filters: DirectoryFilters, view?: MapViewBox | null) => {
  const query = pointsQuery(filters, view);
  return queryOptions({
    queryKey: providerKeys.search(query),
    queryFn: async ({ client }): Promise<ProviderMapAnswer> => {
      const body = await fetchProviderList(apiFor(client), query);
      const page = checkListShape<ProviderPoint>(body);
      const { clusters, clustered } = body as { clusters?: ProviderCluster[]; clustered?: boolean };
      return { points: page.data, clusters: clusters ?? [], clustered: clustered === true, total: page.pagination.total };
    },
    staleTime: QUERY.providersStaleTimeMs,
    retry: retryUnless401(QUERY.providersRetries),
    placeholderData: keepPreviousData,
  });
};

/**
 * The map's data: the filters' answer; when that is clustered (more matches than the browser should
 * hold), the answer for the view the map shows, asked again as it moves.
 */
export function useProviderMapData(filters: DirectoryFilters, view: MapViewBox | null) {
  const whole = useQuery(searchProviderPointsOptions(filters));
  const clustered = whole.data?.clustered === true;
  const inView = useQuery({ ...searchProviderPointsOptions(filters, view), enabled: clustered && view !== null });
  // While the next view loads, the last one stays drawn (keepPreviousData).
  const data = clustered && inView.data ? inView.data : whole.data;
  return { query: whole, data };
}
