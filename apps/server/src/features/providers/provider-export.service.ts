import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { EXPORT_BATCH_ROWS } from '@solar/shared/constants/exports';
import { implicitDirectorySort } from '@solar/shared/constants/providers';
import type { exportProviders } from '@solar/shared/contracts/exports';
import type { ProviderSummary } from '@solar/shared/contracts/providers';
import { searchProvidersQuery } from '@solar/shared/contracts/providers';
import { isoDay } from '../../db/sql-helpers';
import type { AppContext } from '../../plugins/context';
import { sendExport, type ExportColumn } from '../../platform/export';
import { toProviderSummary } from './providers.mapper';
import { providersByIds } from './providers.repository';
import { searchProviderIds } from './provider-search.repository';
import { searchFilters } from './provider-search.service';

type Ctx = Pick<AppContext, 'database' | 'clock' | 'env'>;
type Row = ProviderSummary & { distanceKm: number | null };

/**
 * The directory search as a download (docs/product/exports.md, decision 0491): the list's own
 * query (filters, location, order) page after page through the same search the list runs, so the
 * file holds exactly what the list shows, from the public profile fields only.
 */
export async function exportDirectory(ctx: Ctx, reply: FastifyReply, q: z.output<(typeof exportProviders)['query']>) {
  const query = searchProvidersQuery.parse({ ...q, mode: 'list' });
  const filters = searchFilters(query);
  const profile = (slug: string) => `${ctx.env.PUBLIC_URL}/providers/${encodeURIComponent(slug)}`;
  const columns: ExportColumn<Row>[] = [
    { key: 'businessName', label: 'Business Name', kind: 'text', value: (r) => r.businessName },
    { key: 'profileUrl', label: 'Profile', kind: 'text', value: (r) => profile(r.slug || r.id) },
    { key: 'type', label: 'Type', kind: 'text', value: (r) => r.type },
    { key: 'services', label: 'Services', kind: 'list', value: (r) => r.services },
    { key: 'technologies', label: 'Technologies', kind: 'list', value: (r) => r.technologies },
    { key: 'scale', label: 'Scale', kind: 'list', value: (r) => r.scale },
    { key: 'phase', label: 'Phases', kind: 'list', value: (r) => r.phase },
    { key: 'location', label: 'Location', kind: 'text', value: (r) => r.location },
    { key: 'countrywide', label: 'Covers the whole country', kind: 'boolean', value: (r) => r.serviceRadius === -1 },
    { key: 'serviceRadiusKm', label: 'Service Radius (km)', kind: 'number', value: (r) => (r.serviceRadius !== null && r.serviceRadius > 0 ? r.serviceRadius : null) },
    ...(filters.near ? [{ key: 'distanceKm', label: 'Distance (km)', kind: 'number', value: (r: Row) => r.distanceKm } satisfies ExportColumn<Row>] : []),
    { key: 'website', label: 'Website', kind: 'text', value: (r) => r.website },
    { key: 'phone', label: 'Phone', kind: 'text', value: (r) => r.phone },
    { key: 'email', label: 'Email', kind: 'text', value: (r) => r.email },
    { key: 'claimed', label: 'Claimed', kind: 'boolean', value: (r) => r.claimApproved },
    { key: 'latitude', label: 'Latitude', kind: 'number', value: (r) => r.latitude },
    { key: 'longitude', label: 'Longitude', kind: 'number', value: (r) => r.longitude },
  ];
  // The list's order: the chosen sort, else nearest first with a location (decision 0502).
  const sort = query.sort ?? implicitDirectorySort(filters.near !== null);
  const page = (n: number) => searchProviderIds(ctx.database, filters, sort, n, EXPORT_BATCH_ROWS);
  const first = await page(1);
  async function* batches() {
    for (let n = 1, hits = first.hits; hits.length; hits = (await page(++n)).hits) {
      const rows = await providersByIds(ctx.database.db, hits.map((h) => h.id));
      const distances = new Map(hits.map((h) => [h.id, h.distanceKm]));
      yield rows.map((row) => ({ ...toProviderSummary(row), distanceKm: distances.get(row.id) ?? null }));
      if (hits.length < EXPORT_BATCH_ROWS) return;
    }
  }
  return sendExport(reply, {
    format: q.format,
    filename: `providers-${isoDay(ctx.clock.now())}`,
    columns,
    total: first.total,
    limit: ctx.env.exportMaxRows,
    batches,
  });
}
