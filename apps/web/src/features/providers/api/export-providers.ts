import type { ExportFormat } from '@solar/shared/constants/exports';
import { exportProviders } from '@solar/shared/contracts/routes';
import { api } from '../../../lib/api-client';
import { directorySearchQuery, type DirectoryFilters } from '@solar/shared/domain/directory-address';

/** The directory's whole result as a file, with the list's own filters, location and order (docs/product/exports.md). */
export function exportProvidersUrl(filters: DirectoryFilters, format: ExportFormat): string {
  const { page: _page, ...query } = directorySearchQuery(filters);
  return api.url(exportProviders, { query: { ...query, format } });
}
