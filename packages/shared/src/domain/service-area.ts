import {
  CLUSTER_EXPANSION_ZOOM_CAP,
  KM_PER_DEGREE_LAT,
  KM_PER_DEGREE_LNG,
  SERVICE_AREA_POINTS,
} from '../constants/maps';

export type Ring = Array<[lng: number, lat: number]>;

/**
 * The service-area circle (docs/product/providers.md#service-areas): `points` vertices around the centre, each offset by the
 * radius converted with 111.32 km per degree of longitude (scaled by cos(latitude)) and 110.574 km
 * per degree of latitude. The ring is closed (first vertex repeated), so it has points + 1 entries.
 */
export function serviceAreaRing(
  center: [lng: number, lat: number],
  radiusKm: number,
  points: number = SERVICE_AREA_POINTS,
): Ring {
  const [lng, lat] = center;
  const dx = radiusKm / (KM_PER_DEGREE_LNG * Math.cos((lat * Math.PI) / 180));
  const dy = radiusKm / KM_PER_DEGREE_LAT;
  const ring: Ring = [];
  for (let i = 0; i < points; i++) {
    const theta = (i / points) * 2 * Math.PI;
    ring.push([lng + dx * Math.cos(theta), lat + dy * Math.sin(theta)]);
  }
  ring.push(ring[0]!);
  return ring;
}

/** Whether a provider gets a circle: a local provider with a radius above 0 (none for countrywide, -1). */
export const hasServiceArea = (radius: number | null | undefined): radius is number =>
  typeof radius === 'number' && Number.isFinite(radius) && radius > 0;

/** The circle as a GeoJSON polygon feature. */
export function serviceAreaFeature(
  center: [lng: number, lat: number],
  radiusKm: number,
  properties: Record<string, unknown> = {},
) {
  return {
    type: 'Feature' as const,
    properties,
    geometry: { type: 'Polygon' as const, coordinates: [serviceAreaRing(center, radiusKm)] },
  };
}

/** The circle's bounding box [west, south, east, north] without building the ring. */
export function serviceAreaBounds(
  center: [lng: number, lat: number],
  radiusKm: number,
): [number, number, number, number] {
  const [lng, lat] = center;
  const dx = radiusKm / (KM_PER_DEGREE_LNG * Math.cos((lat * Math.PI) / 180));
  const dy = radiusKm / KM_PER_DEGREE_LAT;
  return [lng - dx, lat - dy, lng + dx, lat + dy];
}

/**
 * The share of countrywide providers in a cluster (docs/product/providers.md#directory-map), 0..1; an empty cluster is 0.
 * Clusters carry `countrywide` (the count) summed by the clustering reduce step.
 */
export function countrywideShare(countrywide: number, total: number): number {
  if (!Number.isFinite(total) || total <= 0) return 0;
  return Math.min(1, Math.max(0, countrywide / total));
}

/** Properties a clustered point carries and how clusters combine them (supercluster map/reduce). */
export interface ClusterCounts {
  countrywide: number;
}
export const clusterMap = (point: { countrywide: boolean }): ClusterCounts => ({
  countrywide: point.countrywide ? 1 : 0,
});
export const clusterReduce = (into: ClusterCounts, from: ClusterCounts): void => {
  into.countrywide += from.countrywide;
};

/** Expansion zoom of a cluster, capped at 20 (docs/product/providers.md#directory-map). */
export const cappedExpansionZoom = (zoom: number, cap: number = CLUSTER_EXPANSION_ZOOM_CAP) => Math.min(zoom, cap);
