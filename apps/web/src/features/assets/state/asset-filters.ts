import { AGE_SLIDER, CAPACITY_SLIDER } from '@solar/shared/constants/assets';
import { assetMapQueryOf, DEFAULT_ASSET_FILTERS, type AssetFilters } from '@solar/shared/domain/asset-map-address';
import type { AssetMapParams } from '../api/list-asset-coordinates';

/**
 * The Overview filters on the screens. Reading and writing them in the address, and the query
 * they make, are `domain/asset-map-address.ts` in packages/shared (decision 0541); here what only
 * the screens need, typed by the coordinates call's contract.
 */
export type { AssetFilters };
export const DEFAULT_FILTERS = DEFAULT_ASSET_FILTERS;

/** Filters → the coordinates call's query. */
export const toMapParams = (f: AssetFilters): AssetMapParams => assetMapQueryOf(f);

/** The Insights tab's query (decision 0490): the Overview's filters, every asset (no view). */
export const toInsightsParams = (f: AssetFilters): Omit<AssetMapParams, 'bounds' | 'zoom'> => toMapParams(f);

/** How many filters differ from the defaults, for the small-screen 'Filters' button (decision 0350). */
export function activeAssetFilters(f: AssetFilters): number {
  const moved = (range: [number, number], bounds: { min: number; max: number }) => (range[0] !== bounds.min || range[1] !== bounds.max ? 1 : 0);
  return (
    f.operators.length +
    (f.siteName ? 1 : 0) +
    moved(f.capacity, CAPACITY_SLIDER) +
    f.statuses.length +
    f.technologies.length +
    f.regions.length +
    moved(f.age, AGE_SLIDER) +
    (f.includeUnknownAge ? 0 : 1)
  );
}
