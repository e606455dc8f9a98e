import type { AssetMapParams } from './list-asset-coordinates';
import type { ProjectsParams } from './list-asset-projects';

/** One key factory for the assets feature. */
export const assetKeys = {
  all: ['assets'] as const,
  coordinates: (q: AssetMapParams) => ['assets', 'coordinates', q] as const,
  operators: (search: string) => ['assets', 'operators', search] as const,
  sites: (search: string) => ['assets', 'sites', search] as const,
  projects: (q: ProjectsParams) => ['assets', 'projects', q] as const,
  detail: (id: string) => ['assets', 'detail', id] as const,
  providers: (id: string, limit: number) => ['assets', 'providers', id, limit] as const,
  source: ['assets', 'source'] as const,
  insights: (chart: string, q: object) => ['assets', 'insights', chart, q] as const,
  nearestPlaces: (lng: number, lat: number) => ['assets', 'nearest-places', lng, lat] as const,
};
