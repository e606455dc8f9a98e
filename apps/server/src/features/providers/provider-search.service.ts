import type { z } from 'zod';
import type { ProviderPoint, ProviderSearchResult, searchProvidersQuery } from '@solar/shared/contracts/providers';
import { searchProviders as searchProvidersContract } from '@solar/shared/contracts/providers';
import { DEFAULT_RADIUS_KM, typesMatching } from '@solar/shared/constants/providers';
import { parseCoordinate } from '@solar/shared/domain/geo';
import { cacheKey, createReadCache, encodeResponse, type CachedJson } from '../../platform/read-cache';
import type { AppContext } from '../../plugins/context';
import { placeFor } from '../geo/gazetteer';
import { toProviderSummary } from './providers.mapper';
import { providersByIds } from './providers.repository';
import { searchProviderIds, searchProviderPoints, type SearchFilters } from './provider-search.repository';

type Ctx = Pick<AppContext, 'database'>;
type SearchInput = z.output<typeof searchProvidersQuery>;

const lowerAll = (items: string[]) => [...new Set(items.map((i) => i.trim().toLowerCase()).filter(Boolean))];
const trimAll = (items: string[]) => [...new Set(items.map((i) => i.trim()).filter(Boolean))];

/** `lng,lat` from the address; invalid or out of range gives null. */
export function parseCenter(value: string | undefined): { lat: number; lng: number } | null {
  if (!value) return null;
  const [lngText, latText] = value.split(',');
  const lng = parseCoordinate(lngText);
  const lat = parseCoordinate(latText);
  if (lng === null || lat === null || Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return { lat, lng };
}

const MAP_POINT_CAP = 60_000;

/** Map positions to 5 decimals (about a metre): enough for a pin, a fifth of the bytes. */
const round5 = (value: number) => Math.round(value * 1e5) / 1e5;

/**
 * Identical searches are answered from memory (at most 10 minutes; docs/decisions/0300) until a
 * write may change them (docs/decisions/0384): any change of which providers match or of their order
 * ('providers:set'; a map answer shows only such columns), or any change of a provider a list page
 * shows. Bounded at 2,000 answers or 64 MB per database (a 50,000-point map answer is ~6 MB).
 */
const searchCache = createReadCache(['providers:set'], { maxEntries: 2_000, maxBytes: 64 * 1024 * 1024, ttlMs: 10 * 60_000 });

/** GET /api/providers/search as the JSON of its 200 response (cached; see searchCache). */
export async function searchProvidersJson(ctx: Ctx, query: SearchInput): Promise<CachedJson> {
  // Keyed by the parsed query, so a hit does not geocode: the same query always gives the same filters.
  return searchCache(ctx.database, cacheKey(query), async () => {
    const answer = await runSearch(ctx, searchFilters(query), query);
    const shown = query.mode === 'map' ? [] : answer.data.map((provider) => `providers:${provider.id}`);
    return {
      text: encodeResponse(searchProvidersContract.response[200], { success: true, ...answer }),
      tags: ['providers:set', ...shown],
    };
  });
}

function searchFilters(query: SearchInput): SearchFilters {
  let center = parseCenter(query.locationCenter);
  // An address with a location but no centre (typed by hand) is geocoded with the gazetteer.
  if (!center && query.location?.trim()) {
    const hit = placeFor(query.location);
    if (hit) center = { lng: hit.center[0], lat: hit.center[1] };
  }
  return {
    companies: trimAll(query.companies),
    services: trimAll(query.services),
    servicesMatch: query.mode === 'map' ? 'all' : 'any',
    types: typesMatching(query.types),
    technologies: lowerAll(query.technologies),
    scales: lowerAll(query.scales),
    phases: lowerAll(query.phases),
    near: center ? { ...center, radiusKm: query.radius ?? DEFAULT_RADIUS_KM } : null,
  };
}

async function runSearch(
  ctx: Ctx,
  filters: SearchFilters,
  query: SearchInput,
): Promise<{ data: ProviderSearchResult[] | ProviderPoint[]; pagination: { page: number; pages: number; total: number } }> {
  if (query.mode === 'map') {
    const rows = await searchProviderPoints(ctx.database, filters, MAP_POINT_CAP);
    const data: ProviderPoint[] = rows.map((r) => ({
      id: r.id,
      slug: r.slug,
      businessName: r.business_name,
      position: [round5(r.longitude), round5(r.latitude)],
      radius: r.service_radius,
      countrywide: r.service_radius === -1,
    }));
    return { data, pagination: { page: 1, pages: 1, total: data.length } };
  }
  const { hits, total } = await searchProviderIds(ctx.database, filters, query.sort, query.page, query.pageSize);
  const rows = await providersByIds(
    ctx.database.db,
    hits.map((h) => h.id),
  );
  const distances = new Map(hits.map((h) => [h.id, h.distanceKm]));
  return {
    data: rows.map((row) => ({ ...toProviderSummary(row), distanceKm: distances.get(row.id) ?? null })),
    pagination: { page: query.page, pages: Math.max(1, Math.ceil(total / query.pageSize)), total },
  };
}
