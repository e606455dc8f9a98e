import { ASSET_MESSAGES, providerPhaseForStatus, providerTechnologiesForAsset } from '@solar/shared/constants/assets';
import type { AssetProvidersResponse } from '@solar/shared/contracts/assets';
import type { AppContext } from '../../plugins/context';
import { AppError } from '../../platform/errors';
import { countServingProviders, listProvidersByIds, listServingProviderIds, type ServingFilter } from './asset-providers.repository';
import { toServingProvider } from './assets.mapper';
import { getAssetSite } from './assets.repository';
import { parseAssetId } from './assets.service';

/**
 * 'Providers serving this site' (issue 9, docs/decisions/0198): directory providers whose service
 * area covers an asset (docs/product/providers.md#search: countrywide, or haversine distance ≤ service radius) and that
 * serve its technology and phase.
 */

type Ctx = Pick<AppContext, 'database'>;

/** GET /api/assets/:id/providers. Unknown ids are 404; an asset without coordinates has none. */
export async function listAssetProviders(
  ctx: Ctx,
  idText: string,
  offset: number,
  limit: number,
): Promise<AssetProvidersResponse> {
  const id = parseAssetId(idText);
  const asset = id === null ? undefined : await getAssetSite(ctx.database, id);
  if (!asset) throw new AppError('NOT_FOUND', ASSET_MESSAGES.assetNotFound);
  const technologies = [...providerTechnologiesForAsset(asset.technology_type)];
  const phase = providerPhaseForStatus(asset.development_status);
  const empty = { data: [], total: 0, technologies, phase };
  if (asset.latitude === null || asset.longitude === null) return empty;
  const filter: ServingFilter = {
    lat: asset.latitude,
    lng: asset.longitude,
    technologies: technologies.map((t) => t.toLowerCase()),
    phase: phase?.toLowerCase() ?? null,
  };
  const page = await listServingProviderIds(ctx.database, filter, offset, limit);
  // A page past the end carries no window count: count separately so `total` stays right.
  const total = page[0]?.total ?? (offset > 0 ? await countServingProviders(ctx.database, filter) : 0);
  const rows = await listProvidersByIds(
    ctx.database,
    page.map((r) => r.id),
  );
  const byId = new Map(page.map((r) => [r.id, r]));
  return {
    data: rows.map((row) => toServingProvider(row, byId.get(row.id)!)),
    total,
    technologies,
    phase,
  };
}
