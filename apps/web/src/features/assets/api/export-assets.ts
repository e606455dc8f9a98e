import type { ExportFormat } from '@solar/shared/constants/exports';
import { exportAssets } from '@solar/shared/contracts/routes';
import { api } from '../../../lib/api-client';
import { toMapParams, type AssetFilters } from '../state/asset-filters';

/**
 * The assets matching the Overview's filters as a file (docs/product/exports.md, decision 0531):
 * every match, as the Insights tab counts them, not only the map's current view.
 */
export function exportAssetsUrl(filters: AssetFilters, format: ExportFormat): string {
  return api.url(exportAssets, { query: { ...toMapParams(filters), format } });
}
